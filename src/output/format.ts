import { UsageError } from '../errors.js';

export const baseFormats = ['table', 'tsv', 'json', 'ndjson', 'yaml', 'csv'] as const;
export type OutputFormat = (typeof baseFormats)[number] | 'sarif' | 'junit' | 'markdown';

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

/**
 * Colour: --no-color wins; FORCE_COLOR or CLICOLOR_FORCE force it on; NO_COLOR or CLICOLOR=0 turn it off;
 * otherwise on only when stdout is a terminal.
 */
export function colorEnabled(flag: boolean, env: NodeJS.ProcessEnv, stdoutIsTTY: boolean): boolean {
  if (!flag) return false;
  const forced = (v: string | undefined) => v !== undefined && v !== '' && v !== '0' && v !== 'false';
  if (forced(env.FORCE_COLOR) || forced(env.CLICOLOR_FORCE)) return true;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.CLICOLOR === '0') return false;
  return stdoutIsTTY;
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
