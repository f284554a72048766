import { UsageError } from '../errors.js';

export const baseFormats = ['table', 'tsv', 'json', 'ndjson', 'yaml', 'csv'] as const;
/** Formats some verbs add to the base ones (their exporters read a typed document). */
export const documentFormats = ['sarif', 'junit', 'markdown', 'codequality', 'gitlab-sast'] as const;
export type OutputFormat = (typeof baseFormats)[number] | (typeof documentFormats)[number];

/** The explicit -o value, else a table on a terminal and tab-separated rows when piped. */
export function resolveFormat(
  explicit: string | undefined,
  stdoutIsTTY: boolean,
  allowed: readonly string[],
): OutputFormat {
  if (explicit !== undefined) {
    if (!allowed.includes(explicit)) {
      throw new UsageError(
        `invalid value for -o, --output: ${JSON.stringify(explicit)} (choose from ${allowed.join(', ')})`,
      );
    }
    return explicit as OutputFormat;
  }
  return stdoutIsTTY ? 'table' : 'tsv';
}

const off = (v: string | undefined) => v === '0' || v === 'false';

/**
 * Colour: --no-color wins; FORCE_COLOR=0 (or false) turns it off; FORCE_COLOR (any other value) or
 * CLICOLOR_FORCE force it on; NO_COLOR, CLICOLOR=0 and TERM=dumb turn it off; otherwise on only when
 * stdout is a terminal.
 */
export function colorEnabled(flag: boolean, env: NodeJS.ProcessEnv, stdoutIsTTY: boolean): boolean {
  if (!flag) return false;
  if (off(env.FORCE_COLOR)) return false;
  const forced = (v: string | undefined) => v !== undefined && v !== '' && !off(v);
  if (forced(env.FORCE_COLOR) || forced(env.CLICOLOR_FORCE)) return true;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.CLICOLOR === '0' || env.TERM === 'dumb') return false;
  return stdoutIsTTY;
}

/** `CI` set (and not false or 0), as CI services set it: nothing may prompt. */
export function isCI(env: NodeJS.ProcessEnv): boolean {
  const value = env.CI;
  return value !== undefined && value !== '' && !off(value.toLowerCase());
}

export function parseFields(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const fields = value
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  if (fields.length === 0) throw new UsageError('--fields needs at least one field name');
  return fields;
}
