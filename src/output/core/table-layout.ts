import type { Column } from './view.js';

/** The spaces between two columns. */
export const gap = 2;

/** Free text by name: what a person reads, and what can lose its end without losing its meaning. */
const freeTextKey =
  /(^|_)(title|description|label|name|message|summary|comment|notes?|text|category|package|path|url|reason)s?$/;
/** Never cut: an id, a severity, a date, a version, an e-mail address (half an address is none). */
const keptKey = /(^|_)(id|ids|uuid|severity|at|date|version|hash|email|timestamp)$|^id_/;
const numeric = /^[-+]?\d[\d,.]*%?$/;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A date, or a date and time (ISO 8601). */
const isoDate = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
/** An e-mail address (an assignee, an owner): whatever its key, it is never cut. */
const email = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** kept: never cut; free: free text, gives way first; other: short text (types, statuses), gives way later. */
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

export function kindOf<T extends object>(column: Column<T>, cells: string[]): Kind {
  if (column.shrink === true) return 'free';
  if (column.shrink === false || keptKey.test(snake(column.key))) return 'kept';
  // By the values: numbers, UUIDs, dates and e-mail addresses whatever the key (a CSV's own header names
  // the columns).
  const values = filled(cells);
  if (values.every((cell) => numeric.test(cell) || uuid.test(cell) || isoDate.test(cell) || email.test(cell)))
    return 'kept';
  if (column.max !== undefined || column.min !== undefined || freeTextKey.test(snake(column.key)))
    return 'free';
  return 'other';
}

/**
 * What a column is worth when the terminal is too narrow: its declared priority; undeclared, 1 (kept), but a
 * column of nothing but UUIDs after the first (ids a person does not read) goes early.
 */
export function priorityOf<T extends object>(column: Column<T>, index: number, cells: string[]): number {
  return column.priority ?? (index > 0 && allIds(cells) ? 9 : 1);
}

/** Narrows the widest of `which` one column at a time, down to `floor`, while there is excess; returns what is left. */
export function narrow(widths: number[], floor: number[], which: number[], excess: number): number {
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

/** What the layout knows of one column: measured over the rows it was planned from. */
export interface ColumnPlan {
  kind: Kind;
  /** The widest value (or the header). */
  natural: number;
  header: number;
  /** 1 is kept; higher numbers are left out first. */
  priority: number;
  /** Free text's readable width, kept before any column is left out. */
  min: number;
}

export interface Layout {
  /** The width of each column shown, in the order of `shown`. */
  widths: number[];
  /** Indexes of the columns shown. */
  shown: number[];
  /** Indexes of the columns left out to fit the width, in the order they were left out. */
  hidden: number[];
}

/** The narrowest a free-text column may be cut to when nothing else is left to give way. */
const lastFloor = 10;
/** Short text that is not free text (types, statuses) is cut no narrower than this. */
const otherFloor = 12;

/**
 * Shrinks the columns to the width: free text to its readable width, then other text; with `hard`, free
 * text on down to a few characters. Returns the widths and what is still too wide.
 */
function fit(plans: ColumnPlan[], width: number, hard: boolean): { widths: number[]; excess: number } {
  const widths = plans.map((p) => p.natural);
  let excess = widths.reduce((a, b) => a + b, 0) + gap * (widths.length - 1) - width;
  if (excess <= 0) return { widths, excess };
  const of = (kind: Kind) => plans.flatMap((p, c) => (p.kind === kind ? [c] : []));
  const floor = (least: (p: ColumnPlan) => number) =>
    plans.map((p) => Math.min(p.natural, Math.max(p.header, least(p))));
  excess = narrow(
    widths,
    floor((p) => p.min),
    of('free'),
    excess,
  );
  excess = narrow(
    widths,
    floor(() => otherFloor),
    of('other'),
    excess,
  );
  if (hard)
    excess = narrow(
      widths,
      floor(() => lastFloor),
      of('free'),
      excess,
    );
  return { widths, excess };
}

/**
 * The layout of a table on a terminal `width` columns wide: every column at its natural width when the
 * rows fit. Otherwise free-text columns (titles, descriptions) give way with an ellipsis down to a readable
 * width (their `min`), then other text, never ids, severities, e-mail addresses, dates or numbers. When
 * that is still too wide and `drop` is allowed, the columns of least worth (their priority, highest first,
 * the rightmost among equals) are left out and the rest take the room back. With none of those left, free
 * text is cut on down to a few characters, then the rightmost columns are left out, never the first.
 */
export function layoutTable(plans: ColumnPlan[], width?: number, drop = true): Layout {
  let shown = plans.map((_, c) => c);
  const hidden: number[] = [];
  if (width === undefined) return { widths: plans.map((p) => p.natural), shown, hidden };
  const leave = (c: number) => {
    hidden.push(c);
    shown = shown.filter((s) => s !== c);
  };
  for (;;) {
    const pick = shown.map((c) => plans[c] as ColumnPlan);
    const soft = fit(pick, width, false);
    if (soft.excess <= 0 || !drop || shown.length <= 1) {
      if (soft.excess <= 0) return { widths: soft.widths, shown, hidden };
      return { widths: fit(pick, width, true).widths, shown, hidden };
    }
    const worth = (c: number) => (plans[c] as ColumnPlan).priority;
    const least = shown.reduce((a, c) => (worth(c) >= worth(a) ? c : a), shown[0] as number);
    if (worth(least) > 1) {
      leave(least);
      continue;
    }
    const hard = fit(pick, width, true);
    if (hard.excess <= 0) return { widths: hard.widths, shown, hidden };
    leave(shown[shown.length - 1] as number);
  }
}
