import { sanitize, toText } from '../../streams/sanitize.js';
import { type Column, cellValue, selectColumns } from '../core/view.js';
import { defineBaseFormat } from './format.js';

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const cell = <T extends object>(c: Column<T>, row: T) => escape(sanitize(toText(cellValue(c, row))));

/** An HTML table: a header row, then a row a line as pages arrive; what the service sent is escaped. */
export default defineBaseFormat({
  summary: 'An HTML table, written as pages arrive.',
  reads: ['rows'],
  async list(view, { fields, out }) {
    const columns = selectColumns(view, fields, 'html');
    await out.write(`<table>\n<tr>${columns.map((c) => `<th>${escape(c.header)}</th>`).join('')}</tr>\n`);
    return {
      row: (row) => out.write(`<tr>${columns.map((c) => `<td>${cell(c, row)}</td>`).join('')}</tr>\n`),
      end: () => out.write('</table>\n'),
    };
  },
  async object(item, view, { fields, out }) {
    const terms = selectColumns(view, fields).map(
      (c) => `<dt>${escape(c.header)}</dt><dd>${cell(c, item)}</dd>`,
    );
    await out.write(`<dl>\n${terms.join('\n')}\n</dl>\n`);
  },
});
