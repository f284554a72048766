import type { Writable } from 'node:stream';
import type { ChalkInstance } from 'chalk';
import type { OutputFormat, OutputStreams } from '../core/format.js';
import type { Annotation } from '../formats/github.js';
import { type RenderOptions, renderList, renderObject } from '../core/render.js';
import type { StdoutSink } from '../core/session.js';
import { objectView, type Rows, type View } from '../core/view.js';
import { OutputWriter } from '../core/writer.js';
import { isBaseFormat } from '../base/index.js';

/**
 * Where one exporter writes: standard output, or a file (`--out FORMAT=FILE`, `--report-*`). Notices and
 * footers go to stderr for standard output only; warnings (what a report left out) always.
 */
export interface ExportTarget extends RenderOptions {
  format: OutputFormat;
  /** Text reaches a terminal: what the service sent is sanitized, footers may follow. */
  terminal: boolean;
  /** The file written, or undefined for standard output. */
  file: string | undefined;
  note: (message: string | readonly string[]) => void;
  warn: (message: string | readonly string[]) => void;
  toolVersion: string;
}

/**
 * The target for standard output: the terminal's width and colours, notices on stderr. The data goes to
 * `sink` when given (a pager; a terminal shared with a progress line), else to standard output itself.
 */
export function stdoutTarget(
  ctx: OutputStreams,
  chalk: ChalkInstance,
  format: OutputFormat,
  sink?: StdoutSink,
): ExportTarget {
  const terminal = ctx.stdoutIsTTY;
  const columns = ctx.io.stdout.columns;
  const stream = sink?.stream ?? (ctx.io.stdout as NodeJS.WritableStream as Writable);
  return {
    out: new OutputWriter(stream, undefined, sink?.around),
    format,
    fields: ctx.fields,
    chalk,
    width: terminal ? (columns && columns > 0 ? columns : 80) : undefined,
    terminal,
    file: undefined,
    note: (message) => ctx.note(message),
    warn: (message) => ctx.warn(message),
    toolVersion: ctx.version,
  };
}

/** The base format of a target that writes rows or an object (a report format cannot: a defect, not input). */
function baseOf(target: ExportTarget) {
  const { format } = target;
  if (!isBaseFormat(format)) throw new Error(`-o ${format} writes a document, not rows or an object`);
  return format;
}

/** Rows in a base format, with the view's empty message and the footer on a terminal. */
export async function exportRows<T extends object>(
  rows: Rows<T>,
  view: View<T>,
  target: ExportTarget,
  footer?: (count: number) => string | undefined,
): Promise<number> {
  const count = await renderList(rows, view, { ...target, format: baseOf(target) });
  if (target.file === undefined) {
    // Said on a terminal only, whatever the format; a pipe gets no rows and nothing else (exit 0 either way).
    if (count === 0 && target.terminal && view.emptyMessage) target.note(view.emptyMessage);
    const text = footer?.(count);
    if (text && target.terminal) target.note(text);
  }
  return count;
}

/** One object in a base format (a detail view on a terminal, the whole object for machines). */
export async function exportObject<T extends object>(
  item: T,
  view: View<T> | undefined,
  target: ExportTarget,
): Promise<void> {
  await renderObject(item, view ?? objectView(item), { ...target, format: baseOf(target) });
}

/** What a document tells GitHub Actions: annotations for the findings that fail it, and its step summary. */
export interface GithubReport {
  annotations: Annotation[];
  /** What the notice after the capped annotations points to. */
  rest: string;
  summary: string;
}
