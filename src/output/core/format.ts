import { UsageError } from '../../errors.js';
import type { Streams } from '../../streams/streams.js';
import type { BaseFormatName } from '../base/index.js';
import type { ReportFormatName } from '../formats/reports.js';
import type { JqFilter } from './jq.js';

/** An -o format: a base one (src/output/base/) or a report (src/output/formats/reports.ts). */
export type OutputFormat = BaseFormatName | ReportFormatName;

/** What output reads of a run: its streams, and the format, --fields and --jq chosen for it. */
export interface OutputStreams extends Streams {
  format: OutputFormat;
  fields: string[] | undefined;
  jq: JqFilter | undefined;
}

/** The formats -o takes for a command, as its manifest entry says (src/output/export/spec.ts derives them). */
export interface FormatChoice {
  formats: readonly string[];
  /** What a run without -o gets, terminal or not; else a table on a terminal and tsv down a pipe. */
  defaultFormat?: string;
  /** The base formats its document refuses, and why: it cannot be rows. */
  refused?: { formats: readonly string[]; why: string };
}

/**
 * The explicit -o value, else the command's default, else a table on a terminal and tab-separated rows
 * when piped. A format the command does not take is refused by name, with the formats it takes.
 */
export function resolveFormat(
  explicit: string | undefined,
  stdoutIsTTY: boolean,
  choice: FormatChoice,
): OutputFormat {
  const { formats } = choice;
  if (explicit !== undefined) {
    if (!formats.includes(explicit)) {
      const why = choice.refused?.formats.includes(explicit) ? `: ${choice.refused.why}` : '';
      throw new UsageError(
        `invalid value for -o, --output: ${JSON.stringify(explicit)}${why} (choose from ${formats.join(', ')})`,
      );
    }
    return explicit as OutputFormat;
  }
  return (choice.defaultFormat ?? (stdoutIsTTY ? 'table' : 'tsv')) as OutputFormat;
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
