import { UsageError } from '../errors.js';

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
    throw new UsageError(
      `invalid value for ${flag}: ${JSON.stringify(String(value))} (expected ${kind} from ${min} to ${max})`,
    );
  }
  return n;
}

function pathOption(flag: string, value: Raw): string | undefined {
  if (value === undefined) return undefined;
  const text = String(value);
  if (text.trim() === '') throw new UsageError(`invalid value for ${flag}: expected a file path`);
  return text;
}

/** Checks every sandbox flag (exit 2 with a line naming the flag) before anything is started. */
export function resolveOptions(raw: RawSandboxOptions): SandboxOptions {
  const host = raw.host === undefined ? '127.0.0.1' : String(raw.host);
  if (!/^[A-Za-z0-9.:[\]-]+$/.test(host)) {
    throw new UsageError(
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
  };
}
