import { UsageError } from '../../errors.js';
import type { Streams } from '../../streams/streams.js';
import type { JqFilter } from './jq.js';

export const baseFormats = ['table', 'tsv', 'json', 'ndjson', 'yaml', 'csv'] as const;
/** Formats some verbs add to the base ones (their exporters read a typed document). */
export const documentFormats = ['sarif', 'junit', 'markdown', 'codequality', 'gitlab-sast'] as const;
export type OutputFormat = (typeof baseFormats)[number] | (typeof documentFormats)[number];

/** What output reads of a run: its streams, and the format, --fields and --jq chosen for it. */
export interface OutputStreams extends Streams {
  format: OutputFormat;
  fields: string[] | undefined;
  jq: JqFilter | undefined;
}

/**
 * The explicit -o value, else `fallback` (the first format of a verb that takes only a few), else a table on
 * a terminal and tab-separated rows when piped.
 */
export function resolveFormat(
  explicit: string | undefined,
  stdoutIsTTY: boolean,
  allowed: readonly string[],
  fallback?: OutputFormat,
): OutputFormat {
  if (explicit !== undefined) {
    if (!allowed.includes(explicit)) {
      throw new UsageError(
        `invalid value for -o, --output: ${JSON.stringify(explicit)} (choose from ${allowed.join(', ')})`,
      );
    }
    return explicit as OutputFormat;
  }
  return fallback ?? (stdoutIsTTY ? 'table' : 'tsv');
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
