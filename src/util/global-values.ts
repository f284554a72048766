import { UsageError } from '../errors.js';

/** The global flags of a run, as commander read them (main.ts). */
export interface GlobalOptions {
  output?: string;
  fields?: string;
  jq?: string;
  color: boolean;
  quiet: boolean;
  debug: boolean;
  timeout?: string;
  retries?: string;
  maxRetryWait?: string;
  yes: boolean;
  input: boolean;
  profile?: string;
  baseUrl?: string;
  org?: string;
  allowInsecureHttp: boolean;
  /** `--no-pager` gives false: long output on a terminal is not paged. */
  pager: boolean;
}

/** A number flag (`--timeout`, `--retries`) in its range, or a usage error naming the flag. */
export function parseNumber(
  name: string,
  value: string | undefined,
  min: number,
  max: number,
): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n < min || n > max) {
    throw new UsageError(
      `invalid value for ${name}: ${JSON.stringify(value)} (expected a number from ${min} to ${max})`,
    );
  }
  return n;
}

const waitUnits: Record<string, number> = { '': 1, s: 1, m: 60, h: 3600 };

/** `--max-retry-wait`: seconds, or a number with s, m or h (`90`, `90s`, `5m`, `1h`), 0 to 24 h; in ms. */
export function parseWait(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const m = /^\s*(\d+)\s*([smh]?)\s*$/i.exec(value);
  const seconds = m ? Number(m[1]) * (waitUnits[(m[2] ?? '').toLowerCase()] ?? 1) : Number.NaN;
  if (!(seconds <= 86_400)) {
    throw new UsageError(
      `invalid value for --max-retry-wait: ${JSON.stringify(value)} (expected a duration from 0 to 24h, such as 0, 90s, 5m or 1h)`,
    );
  }
  return seconds * 1000;
}
