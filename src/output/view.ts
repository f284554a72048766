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
   * On a terminal too narrow for every column, left out before the others, even when it comes first: an
   * id that the other columns already name (a user's id beside the e-mail). A column holding nothing but
   * UUIDs is left out early anyway, unless it is the first.
   */
  optional?: boolean;
}

export interface View<T extends object = Record<string, unknown>> {
  columns: Column<T>[];
  /** Columns shown by default when --fields is not given (all when omitted). */
  defaults?: string[];
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

export function selectColumns<T extends object>(view: View<T>, fields: string[] | undefined): Column<T>[] {
  if (fields?.length) {
    return fields.map((f) => view.columns.find((c) => c.key === f) as Column<T>);
  }
  if (view.defaults) return view.defaults.map((f) => view.columns.find((c) => c.key === f) as Column<T>);
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
