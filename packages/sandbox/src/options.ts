import { SandboxError } from './errors.js';
import { defaultAutofixDelayMs } from './http.js';
import { type BackupFault, parseBackupFaults } from './backups/faults.js';
import { parseBandwidth } from './bandwidth.js';
import type { FaultRule } from '@secscan/api/sandbox-control';
import { parseFaults } from './faults.js';
import { parseRateLimit, type RateLimit } from './rate-limit.js';

export interface SandboxOptions {
  host: string;
  port: number;
  seed: number;
  /** State file: loaded when it exists, else seeded and created; rewritten after each change. */
  state?: string;
  failRate: number;
  latency: number;
  usersFile?: string;
  /** Give `shiftleft-java-demo` this many findings (benchmarks); undefined keeps the usual dozen. */
  findings?: number;
  /** Pad every completed backup to exactly this many bytes (benchmarks). */
  backupSize?: number;
  /** Backup downloads drop the connection when they reach these shares of the file. */
  cutDownloads: number[];
  /** Backup downloads answer their Range requests in these wrong ways (a client's resume tested). */
  backupFaults: BackupFault[];
  /** Serve the audit log, which the service keeps off until the vendor enables it. */
  auditLog: boolean;
  /** At most this many API requests per second (or minute); the others are answered 429. */
  rateLimit?: RateLimit | undefined;
  /** Every answer body is paced as one link of this many bytes per second would carry it. */
  bandwidth?: number | undefined;
  /** Generated apps added to the demo apps, each with half a year of default-branch history. */
  generatedApps: number;
  /** How long a fix AutoFix was asked for stays pending, in milliseconds (0: ready at once). */
  autofixDelayMs: number;
  /** The fault rules the API's requests meet (`--fault`): answers a client must survive. */
  faults: FaultRule[];
}

type Raw = string | number | undefined;

export interface RawSandboxOptions {
  host?: Raw;
  port?: Raw;
  seed?: Raw;
  state?: Raw;
  failRate?: Raw;
  latency?: Raw;
  usersFile?: Raw;
  findings?: Raw;
  backupSize?: Raw;
  cutDownloads?: Raw;
  backupFaults?: Raw | readonly string[];
  auditLog?: boolean;
  rateLimit?: Raw;
  bandwidth?: Raw;
  /** A number: that many generated apps (`--apps N`); an array of apps is read by `addApps`. */
  apps?: unknown;
  /** Fault rules: objects, or JSON texts (`--fault`, repeatable). */
  faults?: unknown;
  /**
   * When the sandbox starts, for its seeded dates: a date (`2026-11-28`), an ISO date-time with a zone, or
   * milliseconds since the epoch; default `$SECSCAN_SANDBOX_NOW`, else now.
   */
  now?: Raw;
  /** How long a fix AutoFix was asked for stays pending: milliseconds, or `500ms`, `3s`, `1m` (at most an hour). */
  autofixDelay?: Raw;
}

function numberOption(
  flag: string,
  value: Raw,
  fallback: number,
  min: number,
  max: number,
  integer: boolean,
): number {
  if (value === undefined) return fallback;
  const text = String(value).trim();
  const n = integer
    ? /^\d+$/.test(text)
      ? Number(text)
      : Number.NaN
    : text === ''
      ? Number.NaN
      : Number(text);
  if (!Number.isFinite(n) || n < min || n > max) {
    const kind = integer ? 'a whole number' : 'a number';
    throw new SandboxError(
      'usage',
      `invalid value for ${flag}: ${JSON.stringify(String(value))} (expected ${kind} from ${min} to ${max})`,
    );
  }
  return n;
}

function pathOption(flag: string, value: Raw): string | undefined {
  if (value === undefined) return undefined;
  const text = String(value);
  if (text.trim() === '') throw new SandboxError('usage', `invalid value for ${flag}: expected a file path`);
  return text;
}

const sizeUnits: Record<string, number> = {
  '': 1,
  b: 1,
  k: 1e3,
  kb: 1e3,
  kib: 1024,
  m: 1e6,
  mb: 1e6,
  mib: 1024 ** 2,
  g: 1e9,
  gb: 1e9,
  gib: 1024 ** 3,
};

/** The largest `--backup-size`: 4 GiB. */
export const maxBackupSize = 4 * 1024 ** 3;

/** `1073741824`, `500MB`, `1GiB`, `1.5G`: bytes, from 1 KiB to 4 GiB. */
export function parseSize(flag: string, value: Raw): number | undefined {
  if (value === undefined) return undefined;
  const m = /^\s*(\d+(?:\.\d+)?)\s*([kmg]?i?b?)\s*$/i.exec(String(value));
  const bytes = m
    ? Math.round(Number(m[1]) * (sizeUnits[(m[2] as string).toLowerCase()] ?? Number.NaN))
    : Number.NaN;
  if (!Number.isFinite(bytes) || bytes < 1024 || bytes > maxBackupSize) {
    throw new SandboxError(
      'usage',
      `invalid value for ${flag}: ${JSON.stringify(String(value))} (expected a size from 1KiB to 4GiB, e.g. 1GiB or 500MB)`,
    );
  }
  return bytes;
}

/** `0.5` or `0.3,0.7`: shares of a file, each more than 0 and less than 1. */
export function parseShares(flag: string, value: Raw): number[] {
  if (value === undefined) return [];
  const parts = String(value).split(',');
  const shares = parts.map((p) => (/^\s*(0?\.\d+)\s*$/.test(p) ? Number(p) : Number.NaN));
  if (shares.some((n) => !(n > 0 && n < 1))) {
    throw new SandboxError(
      'usage',
      `invalid value for ${flag}: ${JSON.stringify(String(value))} (expected shares of the file between 0 and 1, e.g. 0.5 or 0.3,0.7)`,
    );
  }
  return [...new Set(shares)].sort((a, b) => a - b);
}

const durationUnits: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** `scan({ running })`: milliseconds, or `500ms`, `20s`, `2m`, `1h`; more than zero and at most a day. */
export function parseRunning(name: string, value: number | string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const m = typeof value === 'number' ? undefined : /^\s*(\d+)\s*(ms|s|m|h)\s*$/i.exec(value);
  const ms =
    typeof value === 'number'
      ? value
      : m
        ? Number(m[1]) * (durationUnits[(m[2] as string).toLowerCase()] ?? Number.NaN)
        : Number.NaN;
  if (!Number.isInteger(ms) || ms < 1 || ms > 86_400_000) {
    throw new SandboxError(
      'usage',
      `invalid value for ${name}: ${JSON.stringify(String(value))} (expected milliseconds, or a duration such as 20s or 2m, at most a day)`,
    );
  }
  return ms;
}

/** `--autofix-delay`: milliseconds, or `500ms`, `3s`, `1m`, `1h`; from 0 (ready at once) to an hour. */
export function parseDelay(flag: string, value: Raw): number | undefined {
  if (value === undefined) return undefined;
  const m = typeof value === 'number' ? undefined : /^\s*(\d+)\s*(ms|s|m|h)?\s*$/i.exec(value);
  const ms =
    typeof value === 'number'
      ? value
      : m
        ? Number(m[1]) * (durationUnits[(m[2] ?? 'ms').toLowerCase()] ?? Number.NaN)
        : Number.NaN;
  if (!Number.isInteger(ms) || ms < 0 || ms > 3_600_000) {
    throw new SandboxError(
      'usage',
      `invalid value for ${flag}: ${JSON.stringify(String(value))} (expected milliseconds, or a duration such as 3s or 1m, from 0 to an hour)`,
    );
  }
  return ms;
}

/** Checks every sandbox flag (exit 2 with a line naming the flag) before anything is started. */
export function resolveOptions(raw: RawSandboxOptions): SandboxOptions {
  const host = raw.host === undefined ? '127.0.0.1' : String(raw.host);
  if (!/^[A-Za-z0-9.:[\]-]+$/.test(host)) {
    throw new SandboxError(
      'usage',
      `invalid value for --host: ${JSON.stringify(host)} (expected a host name or an IP address)`,
    );
  }
  return {
    host: host.replace(/^\[(.*)\]$/, '$1'),
    port: numberOption('--port', raw.port, 0, 0, 65_535, true),
    seed: numberOption('--seed', raw.seed, 1, 0, 2 ** 32 - 1, true),
    state: pathOption('--state', raw.state),
    failRate: numberOption('--fail-rate', raw.failRate, 0, 0, 1, false),
    latency: numberOption('--latency', raw.latency, 0, 0, 60_000, true),
    usersFile: pathOption('--users-file', raw.usersFile),
    findings:
      raw.findings === undefined
        ? undefined
        : numberOption('--findings', raw.findings, 0, 1, 2_000_000, true),
    backupSize: parseSize('--backup-size', raw.backupSize),
    cutDownloads: parseShares('--cut-downloads', raw.cutDownloads),
    backupFaults: parseBackupFaults('--backup-faults', raw.backupFaults),
    auditLog: raw.auditLog === true,
    rateLimit: parseRateLimit('--rate-limit', raw.rateLimit),
    faults: parseFaults('--fault', raw.faults),
    bandwidth: parseBandwidth('--bandwidth', raw.bandwidth),
    generatedApps:
      typeof raw.apps === 'number' || typeof raw.apps === 'string'
        ? numberOption('--apps', raw.apps, 0, 0, 5_000, true)
        : 0,
    autofixDelayMs: parseDelay('--autofix-delay', raw.autofixDelay) ?? defaultAutofixDelayMs,
  };
}
