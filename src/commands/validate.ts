import { isUuid } from '../config/settings.js';
import { UsageError } from '../errors.js';

const durationUnits: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400, w: 604_800 };

/** `90`, `90s`, `15m`, `12h`, `30d`, `2w` (or combined, `1d12h`) to seconds. */
export function parseDuration(flag: string, value: string): number {
  const text = value.trim().toLowerCase();
  if (/^\d+$/.test(text)) return checkPositive(flag, value, Number(text));
  const parts = [...text.matchAll(/(\d+)([smhdw])/g)];
  if (!parts.length || parts.map((p) => p[0]).join('') !== text) {
    throw new UsageError(
      `invalid value for ${flag}: ${JSON.stringify(value)} (expected a duration such as 3600, 90m, 12h, 30d)`,
    );
  }
  return checkPositive(
    flag,
    value,
    parts.reduce((sum, p) => sum + Number(p[1]) * (durationUnits[p[2] as string] ?? 0), 0),
  );
}

function checkPositive(flag: string, value: string, seconds: number): number {
  if (!Number.isSafeInteger(seconds) || seconds <= 0) {
    throw new UsageError(`invalid value for ${flag}: ${JSON.stringify(value)} (must be more than zero)`);
  }
  return seconds;
}

export function requireUuid(what: string, value: string | undefined): string {
  if (!value || !isUuid(value))
    throw new UsageError(`invalid ${what} ${JSON.stringify(value ?? '')}: expected a UUID`);
  return value;
}

export function requireNonEmpty(flag: string, value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`${flag} must not be empty`);
  return value;
}

export function parseInteger(
  flag: string,
  value: string | undefined,
  min: number,
  max: number,
): number | undefined {
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value.trim()) || Number(value) < min || Number(value) > max) {
    throw new UsageError(
      `invalid value for ${flag}: ${JSON.stringify(value)} (expected a whole number from ${min} to ${max})`,
    );
  }
  return Number(value);
}

/** Repeated flags that may also hold comma-separated values: `--scope a,b --scope c`. */
export function splitList(values: string[] | undefined): string[] {
  return (values ?? [])
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
}

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

/** `--from` and `--until` as Unix seconds, the first not after the second. */
export function parseWindow(opts: { from?: string; until?: string }): { from?: number; until?: number } {
  const from = parseWhen('--from', opts.from);
  const until = parseWhen('--until', opts.until);
  if (from !== undefined && until !== undefined && from > until)
    throw new UsageError('--from is after --until');
  return { from, until };
}
