import { safeJson } from '../../streams/sanitize.js';
import { defineBaseFormat, jsonRow, lineWriter } from './format.js';

/** One JSON object a line (the whole row, or the --fields), written as pages arrive. */
export default defineBaseFormat({
  summary: 'One JSON object a line, written as pages arrive.',
  reads: ['rows', 'whole'],
  async list(view, { fields, out }) {
    return lineWriter(out, (row) => `${safeJson(jsonRow(row, view, fields))}\n`);
  },
  async object(item, view, { fields, out }) {
    await out.write(`${safeJson(jsonRow(item, view, fields))}\n`);
  },
});
