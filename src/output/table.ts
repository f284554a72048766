import type { ChalkInstance } from 'chalk';
import Table from 'cli-table3';
import { sanitize, toText } from './sanitize.js';
import { type Column, cellValue } from './view.js';

const noBorders = {
  top: '',
  'top-mid': '',
  'top-left': '',
  'top-right': '',
  bottom: '',
  'bottom-mid': '',
  'bottom-left': '',
  'bottom-right': '',
  left: '',
  'left-mid': '',
  mid: '',
  'mid-mid': '',
  right: '',
  'right-mid': '',
  middle: '  ',
};

function truncate(text: string, max: number | undefined): string {
  if (!max || text.length <= max) return text;
  return `${text.slice(0, Math.max(1, max - 1))}…`;
}

/** Aligned columns without borders and bold headers (like `gh`); colours only through the chalk given. */
export function renderTable<T>(rows: T[], columns: Column<T>[], chalk: ChalkInstance): string {
  const table = new Table({
    head: columns.map((c) => chalk.bold(c.header)),
    chars: noBorders,
    style: { head: [], border: [], 'padding-left': 0, 'padding-right': 0 },
  });
  for (const row of rows) {
    table.push(
      columns.map((c) => {
        const text = truncate(sanitize(toText(cellValue(c, row))), c.max);
        return c.style && text ? c.style(text, row, chalk) : text;
      }),
    );
  }
  return `${table
    .toString()
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')}\n`;
}
