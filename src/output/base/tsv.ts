import { sanitize, toText } from '../../streams/sanitize.js';
import { cellValue, selectColumns } from '../core/view.js';
import { defineBaseFormat, lineWriter } from './format.js';

/** Tab-separated rows for pipes (what a pipe gets without -o): no header, control characters removed. */
export default defineBaseFormat({
  summary: 'Tab-separated rows, no header.',
  reads: ['rows'],
  async list(view, opts) {
    const columns = selectColumns(view, opts.fields, 'tsv');
    return lineWriter(
      opts.out,
      (row) => `${columns.map((c) => sanitize(toText(cellValue(c, row)))).join('\t')}\n`,
    );
  },
  async object(item, view, opts) {
    for (const c of selectColumns(view, opts.fields)) {
      await opts.out.write(`${c.key}\t${sanitize(toText(cellValue(c, item)))}\n`);
    }
  },
});
