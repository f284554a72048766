import { csvCell } from '../../streams/sanitize.js';
import { type Column, cellValue, selectColumns } from '../core/view.js';
import { defineBaseFormat } from './format.js';

const line = <T extends object>(columns: Column<T>[], cell: (c: Column<T>) => unknown) =>
  `${columns.map((c) => csvCell(cell(c))).join(',')}\n`;

/** A header of keys, then a row a line: quoted as RFC 4180, a formula's first character neutralised. */
export default defineBaseFormat({
  summary: 'A header line, then one row a line, written as pages arrive.',
  reads: ['rows'],
  async list(view, opts) {
    const columns = selectColumns(view, opts.fields, 'csv');
    await opts.out.write(line(columns, (c) => c.key));
    return {
      row: (row) => opts.out.write(line(columns, (c) => cellValue(c, row))),
      end: async () => undefined,
    };
  },
  async object(item, view, opts) {
    const columns = selectColumns(view, opts.fields);
    await opts.out.write(line(columns, (c) => c.key));
    await opts.out.write(line(columns, (c) => cellValue(c, item)));
  },
});
