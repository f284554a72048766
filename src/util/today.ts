import { ConfigError } from '../errors.js';

/**
 * Today's date (UTC, `YYYY-MM-DD`), which decides whether an ignore entry has expired. `SECSCAN_NOW` (a date
 * or an ISO 8601 time) stands in for the clock: for tests only, so that an expiry test never depends on the
 * real date. A value that is no date is a configuration error, never the real date in its place.
 */
export function today(env: NodeJS.ProcessEnv, now: () => number = Date.now): string {
  const given = env.SECSCAN_NOW;
  if (given === undefined || given === '') return new Date(now()).toISOString().slice(0, 10);
  const date = /^\d{4}-\d\d-\d\d$/.test(given) ? new Date(`${given}T00:00:00Z`) : new Date(given);
  if (!/^\d{4}-\d\d-\d\d/.test(given) || Number.isNaN(date.getTime())) {
    throw new ConfigError(
      `SECSCAN_NOW=${JSON.stringify(given)} is not a date (expected YYYY-MM-DD or an ISO 8601 time)`,
    );
  }
  return date.toISOString().slice(0, 10);
}

/** The date `days` after `date` (both `YYYY-MM-DD`). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
