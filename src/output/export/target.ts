import type { Writable } from 'node:stream';
import type { ChalkInstance } from 'chalk';
import type { OutputStreams } from '../core/format.js';
import type { OutputFormat } from '../core/format.js';
import type { RenderOptions } from '../core/render.js';
import type { StdoutSink } from '../core/session.js';
import { renderList, renderObject } from '../core/render.js';
import { objectView, type Rows, type View } from '../core/view.js';
import { OutputWriter } from '../core/writer.js';

/**
 * Where one exporter writes: standard output, or a file (`--out FORMAT=FILE`, `--report-*`). Notices and
 * footers go to stderr for standard output only; warnings (what a report left out) always.
 */
export interface ExportTarget extends RenderOptions {
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

/** Writes one document in one format. */
export type Exporter<D> = (doc: D, target: ExportTarget) => Promise<void>;

/** Rows in the tabular formats, with the view's empty message and the footer on a terminal. */
export async function exportRows<T extends object>(
  rows: Rows<T>,
  view: View<T>,
  target: ExportTarget,
  footer?: (count: number) => string | undefined,
): Promise<number> {
  const count = await renderList(rows, view, target);
  if (target.file === undefined) {
    // Said on a terminal only, whatever the format; a pipe gets no rows and nothing else (exit 0 either way).
    if (count === 0 && target.terminal && view.emptyMessage) target.note(view.emptyMessage);
    const text = footer?.(count);
    if (text && target.terminal) target.note(text);
  }
  return count;
}

/** One object in the tabular formats (a detail view on a terminal, the whole object for machines). */
export async function exportObject<T extends object>(
  item: T,
  view: View<T> | undefined,
  target: ExportTarget,
): Promise<void> {
  await renderObject(item, view ?? objectView(item), target);
}

/** What a gate tells GitHub Actions: annotations for the findings that fail it, and its step summary. */
export interface GithubReport {
  annotations: import('../formats/github.js').Annotation[];
  /** What the notice after the capped annotations points to. */
  rest: string;
  summary: string;
}

/** The exporters of one document type, and how that type behaves around them. */
export interface DocumentExporters<D> {
  /** By -o format (and `--out FORMAT=FILE`). */
  formats: Partial<Record<import('../core/format.js').OutputFormat, Exporter<D>>>;
  /** Every other format: the rows, or the text itself. */
  otherwise: Exporter<D>;
  /** Without -o a person reads it: the table, even when stdout is a pipe or a CI log. */
  human?: boolean;
  /** Copies that each read the document once, for several exporters (a stream read in one pass). */
  fork?(doc: D, count: number): D[];
  /** On GitHub Actions (`GITHUB_ACTIONS=true`): annotations and the step summary. */
  github?(doc: D): GithubReport | undefined | Promise<GithubReport | undefined>;
  /** The document its report files hold instead when one of them could not be written (fail closed). */
  failed?(doc: D, error: unknown): import('./document.js').Document;
}
