import type { ChalkInstance } from 'chalk';
import { sanitize, toText } from '../../streams/sanitize.js';
import { type ColumnPlan, gap, kindOf, type Kind, layoutTable, narrow, priorityOf } from './table-layout.js';
import { type Column, cellValue } from './view.js';
import { displayWidth, truncate } from '../../streams/width.js';

export { type Kind, type Layout, layoutTable } from './table-layout.js';

export interface TableOptions {
  /** The terminal's width; undefined when stdout is not a terminal (nothing is cut). */
  width?: number;
  /** May columns be left out to fit the width (not when the user chose them with --fields). */
  drop?: boolean;
  /** Told the headers of columns left out. */
  onHidden?: (headers: string[]) => void;
  /**
   * The rows the columns are sized from (250 unless given: one page of `--all`); the rows after them are
   * written as they come, in those widths, so a table of any length holds only these in memory.
   */
  planRows?: number;
}

/** Free text's readable width unless the column gives its own. */
const readable = 24;
/** The rows a table is sized from. */
export const defaultPlanRows = 250;

interface Planned<T extends object> {
  columns: Column<T>[];
  /** Indexes of the columns shown. */
  shown: number[];
  widths: number[];
  kinds: Kind[];
  /** Cut to the width (a terminal), or grown to hold whatever comes (a pipe, a file). */
  width: number | undefined;
}

const cellsOf = <T extends object>(row: T, columns: Column<T>[], which: number[]) =>
  which.map((c) => sanitize(toText(cellValue(columns[c] as Column<T>, row))));

/**
 * A table written as its rows come: aligned columns without borders and a bold header (like `gh`), colours
 * only through the chalk given. The columns are sized from the first rows (`planRows`) and the rest are
 * written in those widths: free text and short text are cut to them on a terminal, and a wider id, date or
 * e-mail address widens its column from that row on, taking the room from free text, never cut.
 */
export class TableWriter<T extends object> {
  private readonly pending: { row: T; cells: string[] }[] = [];
  private planned: Planned<T> | undefined;

  constructor(
    private readonly columns: Column<T>[],
    private readonly chalk: ChalkInstance,
    private readonly options: TableOptions = {},
  ) {}

  /** The text to write for one more row (empty while the first rows are still being gathered). */
  add(row: T): string {
    if (this.planned)
      return `${this.line(this.planned, cellsOf(row, this.columns, this.planned.shown), row)}\n`;
    const all = this.columns.map((_, c) => c);
    this.pending.push({ row, cells: cellsOf(row, this.columns, all) });
    return this.pending.length >= (this.options.planRows ?? defaultPlanRows) ? this.plan() : '';
  }

  /** What is left to write: the whole table when it had fewer rows than are planned from (a header alone for none). */
  end(): string {
    return this.planned ? '' : this.plan();
  }

  /** Sizes the columns from the rows gathered; returns the header and those rows. */
  private plan(): string {
    const { columns, options, pending } = this;
    const headers = columns.map((c) => c.header);
    const plans: ColumnPlan[] = columns.map((column, c) => {
      const cells = pending.map((p) => p.cells[c] as string);
      return {
        kind: kindOf(column, cells),
        natural: Math.max(displayWidth(column.header), ...cells.map(displayWidth)),
        header: displayWidth(column.header),
        priority: priorityOf(column, c, cells),
        min: column.min ?? readable,
      };
    });
    const { widths, shown, hidden } = layoutTable(plans, options.width, options.drop ?? true);
    if (hidden.length) options.onHidden?.([...hidden].sort((a, b) => a - b).map((c) => headers[c] as string));
    const planned: Planned<T> = {
      columns,
      shown,
      widths,
      kinds: shown.map((c) => (plans[c] as ColumnPlan).kind),
      width: options.width,
    };
    this.planned = planned;
    const header = this.line(
      planned,
      shown.map((c) => headers[c] as string),
      undefined,
    );
    const body = pending.map(({ row, cells }) =>
      this.line(
        planned,
        shown.map((c) => cells[c] as string),
        row,
      ),
    );
    pending.length = 0;
    return `${[header, ...body].join('\n')}\n`;
  }

  /** One line: the cells of the shown columns in their widths (the header's when `row` is undefined). */
  private line(planned: Planned<T>, texts: string[], row: T | undefined): string {
    const { widths, kinds, shown } = planned;
    const grow = texts.map((text, i) =>
      planned.width === undefined || kinds[i] === 'kept' ? displayWidth(text) - (widths[i] as number) : 0,
    );
    grow.forEach((more, i) => {
      if (more <= 0) return;
      // From this row on the column is wider; on a terminal free text gives the room back.
      widths[i] = (widths[i] as number) + more;
      if (planned.width === undefined) return;
      const free = kinds.flatMap((k, f) => (k === 'free' ? [f] : []));
      narrow(
        widths,
        widths.map((w, f) => (free.includes(f) ? Math.min(w, 10) : w)),
        free,
        more,
      );
    });
    return texts
      .map((text, i) => {
        const w = widths[i] as number;
        const cut = truncate(text, w);
        const column = planned.columns[shown[i] as number] as Column<T>;
        const styled =
          row === undefined
            ? this.chalk.bold(cut)
            : column.style && cut
              ? column.style(cut, row, this.chalk)
              : cut;
        return i === texts.length - 1 ? styled : styled + ' '.repeat(Math.max(0, w - displayWidth(cut)));
      })
      .join(' '.repeat(gap))
      .trimEnd();
  }
}

/** A whole table at once (a gate's rules, a report's sections): every row sizes the columns. */
export function renderTable<T extends object>(
  rows: T[],
  columns: Column<T>[],
  chalk: ChalkInstance,
  options: TableOptions = {},
): string {
  const table = new TableWriter(columns, chalk, { ...options, planRows: Number.POSITIVE_INFINITY });
  for (const row of rows) table.add(row);
  return table.end();
}
