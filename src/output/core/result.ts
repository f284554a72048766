import type { CliError } from '../../errors.js';
import type { OutputFormat } from './format.js';
import type { Rows, View } from './view.js';

export type { Rows };

/**
 * A typed document, as the output core sees one: its type. The documents themselves (findings, a gate's
 * verdict, a text file) are the exporters' (src/output/export/document.ts), a layer above.
 */
export interface TypedDocument {
  readonly type: string;
}

/** A file a run writes besides standard output: `--out FORMAT=FILE` or a `--report-*` flag. */
export interface ReportFile {
  format: OutputFormat;
  path: string;
  /** The flag that asked for it, for errors: `--out`, `--report-junit`. */
  flag: string;
}

/**
 * What a verb returns; the format chosen by -o prints it. A verb never prints data itself, and never looks
 * at -o: rows and objects go to the base formats (src/output/base/), a typed document (findings, a gate's
 * verdict, a text file) to the spec of its type (src/output/export/spec.ts): its rows, its whole, its
 * reports. R is the row type of the verb's view; D the documents it may return (those its spec declares).
 */
export type Result<R extends object = Record<string, unknown>, D extends TypedDocument = never> =
  | {
      kind: 'list';
      rows: Rows<R>;
      view?: View<R>;
      footer?: (count: number) => string | undefined;
      exitCode?: number;
      /** A run that stopped part-way: the rows say what was done, then this error decides the exit. */
      error?: CliError;
    }
  | {
      kind: 'object';
      item: R;
      view?: View<R>;
      exitCode?: number;
      /** Printed only when -o asks for it (the run's notices say everything a person needs). */
      onlyWhenAsked?: boolean;
    }
  /** Bytes or text as received, printed unchanged (one string, or chunks as they arrive; bytes stay bytes). */
  | {
      kind: 'raw';
      body: string | Uint8Array | AsyncIterable<string | Uint8Array>;
      exitCode?: number;
      /** The verb ran --jq itself (`secscan api`: on each page), so the body is printed as it is. */
      jqApplied?: boolean;
      /**
       * Bytes that are not text (a PDF): unchanged on a CI job log too. Text bytes (HTML, CSV) are read as
       * UTF-8 there, so the runner's commands in them are neutralised (ci-log.ts).
       */
      binary?: boolean;
    }
  | {
      kind: 'document';
      document: D;
      /** Files written from the same document, each in its own format (`--out FORMAT=FILE`, `--report-*`). */
      files?: readonly ReportFile[];
      exitCode?: number;
      /** A run that could not finish: what was exported says so, then this error decides the exit. */
      error?: unknown;
      /** Printed only when -o asks for it (a file option wrote what the run is for; its notice says so). */
      onlyWhenAsked?: boolean;
    }
  | { kind: 'none'; exitCode?: number };
