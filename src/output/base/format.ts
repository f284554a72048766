import type { ChalkInstance } from 'chalk';
import { type Column, cellValue, selectColumns, type View } from '../core/view.js';
import type { OutputWriter } from '../core/writer.js';

/** Where a base format writes, and what the run chose for it. */
export interface RenderOptions {
  fields: string[] | undefined;
  chalk: ChalkInstance;
  out: OutputWriter;
  /** The terminal's width for tables; undefined when stdout is not a terminal (nothing is cut). */
  width?: number;
  /** A notice for stderr (columns a table left out to fit the terminal). */
  note?: (message: string | readonly string[]) => void;
}

/** A list being written: one row at a time as the rows arrive, then its end. */
export interface ListWriter<T extends object> {
  row(row: T): Promise<void>;
  /** After the last row (`count` of them). */
  end(count: number): Promise<void>;
  /** The rows stopped part-way (an error): what the writer still holds of those received is written. */
  stopped?(): Promise<void>;
}

/**
 * What a base format writes of a typed document (src/output/export/spec.ts), in order of preference: its
 * rows (in the columns of its view), or its whole (the complete object).
 */
export type DocumentForm = 'rows' | 'whole';

/**
 * A base format: every list and every object can be written in it, and every document that has a form it
 * reads. One module each (src/output/base/), collected in one record (src/output/base/index.ts).
 */
export interface BaseFormat {
  /** What it writes, for `secscan help formatting` (a sentence). */
  summary: string;
  /** The forms of a document it writes, the first the document has. */
  reads: readonly [DocumentForm, ...DocumentForm[]];
  /** Opens a list in the view's columns (or the --fields); its rows are written as they arrive. */
  list<T extends object>(view: View<T>, opts: RenderOptions): Promise<ListWriter<T>>;
  /** One object: a detail view for people, the whole object for machines. */
  object<T extends object>(item: T, view: View<T>, opts: RenderOptions): Promise<void>;
}

/** A base format, typed where it is declared (its module's default export). */
export function defineBaseFormat(format: BaseFormat): BaseFormat {
  return format;
}

function pick<T extends object>(row: T, columns: Column<T>[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const c of columns) out[c.key] = cellValue(c, row);
  return out;
}

/** The JSON form of a row or object: all of it, or only the --fields. */
export function jsonRow<T extends object>(row: T, view: View<T>, fields: string[] | undefined): unknown {
  return fields ? pick(row, selectColumns(view, fields)) : row;
}

/** A list writer of one line a row (ndjson, tsv): nothing before the first row nor after the last. */
export function lineWriter<T extends object>(out: OutputWriter, line: (row: T) => string): ListWriter<T> {
  return {
    row: (row) => out.write(line(row)),
    end: async () => undefined,
  };
}
