import type { ChalkInstance } from 'chalk';
import { sanitize, toText } from './sanitize.js';
import { type Column, cellValue } from './view.js';
import { displayWidth, truncate } from './width.js';

const gap = 2;

/** Free text by name: what a person reads, and what can lose its end without losing its meaning. */
const freeTextKey =
  /(^|_)(title|description|label|name|message|summary|comment|notes?|text|category|package|path|url|reason)s?$/;
/** Never cut: an id, a severity, a date, a version, an e-mail address (half an address is none). */
const keptKey = /(^|_)(id|ids|uuid|severity|at|date|version|hash|email|timestamp)$|^id_/;
const numeric = /^[-+]?\d[\d,.]*%?$/;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A date, or a date and time (ISO 8601). */
const isoDate = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

export type Kind = 'kept' | 'free' | 'other';

/** The key as snake_case words: `contentHash` and `tokenID` are read as `content_hash` and `token_id`. */
const snake = (key: string) =>
  key
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();

const filled = (cells: string[]) => cells.filter((cell) => cell !== '');

/** Whether every value of the column is an id such as a UUID (an empty column is not). */
function allIds(cells: string[]): boolean {
  const values = filled(cells);
  return values.length > 0 && values.every((cell) => uuid.test(cell));
}

function kindOf<T extends object>(column: Column<T>, cells: string[]): Kind {
  if (column.shrink === true) return 'free';
  if (column.shrink === false || keptKey.test(snake(column.key))) return 'kept';
  // By the values: numbers, UUIDs and dates whatever the key (a CSV's own header names the columns).
  if (filled(cells).every((cell) => numeric.test(cell) || uuid.test(cell) || isoDate.test(cell)))
    return 'kept';
  if (column.max !== undefined || freeTextKey.test(snake(column.key))) return 'free';
  return 'other';
}

/** Narrows the widest of `which` one column at a time, down to `floor`, while there is excess; returns what is left. */
function narrow(widths: number[], floor: number[], which: number[], excess: number): number {
  let left = excess;
  while (left > 0) {
    let widest = -1;
    for (const i of which) {
      const w = widths[i] as number;
      if (w > (floor[i] as number) && (widest < 0 || w > (widths[widest] as number))) widest = i;
    }
    if (widest < 0) break;
    widths[widest] = (widths[widest] as number) - 1;
    left--;
  }
  return left;
}

export interface Layout {
  /** The width of each column shown, in the order of `shown`. */
  widths: number[];
  /** Indexes of the columns shown. */
  shown: number[];
  /** Indexes of the columns left out to fit the width. */
  hidden: number[];
}

function fit(
  kinds: Kind[],
  natural: number[],
  headers: number[],
  width: number,
): { widths: number[]; excess: number } {
  const widths = [...natural];
  let excess = widths.reduce((a, b) => a + b, 0) + gap * (widths.length - 1) - width;
  if (excess <= 0) return { widths, excess };
  const of = (kind: Kind) => kinds.flatMap((k, c) => (k === kind ? [c] : []));
  const floor = (least: number) => natural.map((n, c) => Math.min(n, Math.max(headers[c] as number, least)));
  // Free text gives way first, down to a readable width; then other text (short values such as types and
  // statuses are kept whole); then free text again, down to a few characters.
  excess = narrow(widths, floor(24), of('free'), excess);
  excess = narrow(widths, floor(12), of('other'), excess);
  excess = narrow(widths, floor(10), of('free'), excess);
  return { widths, excess };
}

/**
 * The layout of a table on a terminal `width` columns wide: every column at its natural width when the
 * rows fit; otherwise free-text columns (titles, descriptions, labels) give way with an ellipsis, then
 * other text, never ids, severities, dates or numbers. When even that is too wide and `drop` is allowed,
 * columns are left out, and the rest take the room back: first the `optional` ones (ids a person does not
 * read, such as a token's role id), rightmost first, then the rightmost, never the first.
 */
export function layoutTable(
  kinds: Kind[],
  natural: number[],
  headers: number[],
  width?: number,
  drop = true,
  optional: boolean[] = [],
): Layout {
  let shown = natural.map((_, c) => c);
  const hidden: number[] = [];
  for (;;) {
    const pick = <V>(values: V[]) => shown.map((c) => values[c] as V);
    if (width === undefined) return { widths: pick(natural), shown, hidden };
    const { widths, excess } = fit(pick(kinds), pick(natural), pick(headers), width);
    if (excess <= 0 || !drop || shown.length <= 1) return { widths, shown, hidden };
    const left = shown.findLast((c) => optional[c]) ?? (shown[shown.length - 1] as number);
    hidden.push(left);
    shown = shown.filter((c) => c !== left);
  }
}

export interface TableOptions {
  /** The terminal's width; undefined when stdout is not a terminal (nothing is cut). */
  width?: number;
  /** May columns be left out to fit the width (not when the user chose them with --fields). */
  drop?: boolean;
  /** Told the headers of columns left out. */
  onHidden?: (headers: string[]) => void;
}

/** Aligned columns without borders and a bold header (like `gh`); colours only through the chalk given. */
export function renderTable<T extends object>(
  rows: T[],
  columns: Column<T>[],
  chalk: ChalkInstance,
  options: TableOptions = {},
): string {
  const headers = columns.map((c) => c.header);
  const cells = rows.map((row) => columns.map((c) => sanitize(toText(cellValue(c, row)))));
  const natural = columns.map((_, c) =>
    Math.max(displayWidth(headers[c] as string), ...cells.map((row) => displayWidth(row[c] as string))),
  );
  const kinds = columns.map((column, c) =>
    kindOf(
      column,
      cells.map((row) => row[c] as string),
    ),
  );
  const { widths, shown, hidden } = layoutTable(
    kinds,
    natural,
    headers.map(displayWidth),
    options.width,
    options.drop ?? true,
    columns.map((column, c) => column.optional ?? (c > 0 && allIds(cells.map((row) => row[c] as string)))),
  );
  if (hidden.length) options.onHidden?.([...hidden].sort((a, b) => a - b).map((c) => headers[c] as string));
  const line = (texts: string[], style: (text: string, c: number) => string) =>
    shown
      .map((c, i) => {
        const w = widths[i] as number;
        const cut = truncate(texts[c] as string, w);
        const styled = style(cut, c);
        return i === shown.length - 1 ? styled : styled + ' '.repeat(Math.max(0, w - displayWidth(cut)));
      })
      .join(' '.repeat(gap))
      .trimEnd();
  const out = [line(headers, (text) => chalk.bold(text))];
  rows.forEach((row, r) => {
    out.push(
      line(cells[r] as string[], (text, c) => {
        const column = columns[c] as Column<T>;
        return column.style && text ? column.style(text, row, chalk) : text;
      }),
    );
  });
  return `${out.join('\n')}\n`;
}
