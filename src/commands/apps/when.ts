import { UsageError } from '../../errors.js';
import { parseDuration } from '../validate.js';

/** Unix seconds from a date (2026-09-01, ISO time), Unix seconds, or an age such as 30d (that long ago). */
export function parseWhen(flag: string, value: string | undefined, now = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d{9,}$/.test(text)) return Number(text);
  if (/^\d{4}-\d{2}-\d{2}/.test(text)) {
    const ms = Date.parse(text);
    if (Number.isNaN(ms))
      throw new UsageError(`invalid value for ${flag}: ${JSON.stringify(value)} (not a date)`);
    return Math.floor(ms / 1000);
  }
  try {
    return Math.floor(now / 1000) - parseDuration(flag, text);
  } catch {
    throw new UsageError(
      `invalid value for ${flag}: ${JSON.stringify(value)} (expected a date such as 2026-09-01, Unix seconds, or an age such as 30d)`,
    );
  }
}
