import type { ChalkInstance } from 'chalk';

/**
 * A column of a view over rows of type T. `get` and `style` are methods, so a view of one row type serves
 * where a union of row types is declared (a verb whose view depends on its flags).
 */
export interface Column<T extends object = Record<string, unknown>> {
  /** Name used by --fields; also the JSON key when it is the object's own field. */
  key: string;
  header: string;
  get?(row: T): unknown;
  /** Colour for human output (table on a terminal). */
  style?(text: string, row: T, chalk: ChalkInstance): string;
  /**
   * On a terminal, whether the column may be cut (with an ellipsis) to fit the table to the width: `true`
   * for free text (titles, descriptions, labels), `false` for what must never be cut. Unset, the renderer
   * decides by the key (ids, severities and dates are kept, titles and descriptions give way first) and
   * the values (numbers are kept).
   */
  shrink?: boolean;
  /** Free text, as `shrink: true` (the number is not a cap: columns take the terminal's width). */
  max?: number;
  /**
   * Free text: the width it keeps on a terminal before a column is left out to make room (24 unless given;
   * a title people read, 30).
   */
  min?: number;
  /**
   * How much the column is worth on a terminal too narrow for every column: 1 (unset) is kept; the others
   * are left out before free text is cut below its `min`, the highest number first (among equals, the
   * rightmost), and a notice names them. A column of nothing but UUIDs counts as 9, unless it is the first.
   */
  priority?: number;
}

export interface View<T extends object = Record<string, unknown>> {
  columns: Column<T>[];
  /** Columns shown by default when --fields is not given (all when omitted). */
  defaults?: string[];
  /**
   * Columns shown by default in one format, instead of `defaults` (`stats -o csv`: every count, for a
   * spreadsheet): the view declares them, the exporter of that format picks them.
   */
  defaultsFor?: Readonly<Record<string, string[]>>;
  /** Printed on stderr (terminal only) when a list is empty. */
  emptyMessage?: string;
}

/** Rows as they arrive: an array, or pages streamed from the service. */
export type Rows<T> = Iterable<T> | AsyncIterable<T>;

export function defineView<T extends object>(view: View<T>): View<T> {
  return view;
}

export function cellValue<T extends object>(column: Column<T>, row: T): unknown {
  return column.get ? column.get(row) : (row as Record<string, unknown>)[column.key];
}

export function selectColumns<T extends object>(
  view: View<T>,
  fields: string[] | undefined,
  format?: string,
): Column<T>[] {
  if (fields?.length) {
    return fields.map((f) => view.columns.find((c) => c.key === f) as Column<T>);
  }
  const defaults = (format === undefined ? undefined : view.defaultsFor?.[format]) ?? view.defaults;
  if (defaults) return defaults.map((f) => view.columns.find((c) => c.key === f) as Column<T>);
  return view.columns;
}

/** Unknown --fields names, for a usage error before any request. */
export function unknownFields<T extends object>(view: View<T>, fields: string[]): string[] {
  return fields.filter((f) => !view.columns.some((c) => c.key === f));
}

/** A detail view from an object's own keys, for results that declare none. */
export function objectView<T extends object>(item: T): View<T> {
  return { columns: Object.keys(item).map((key) => ({ key, header: key })) };
}
