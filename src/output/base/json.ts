import { safeJson } from '../../streams/sanitize.js';
import { defineBaseFormat, jsonRow } from './format.js';

/** The whole objects (or the --fields), indented; a list is one array, streamed as its rows arrive. */
export default defineBaseFormat({
  summary: 'The full objects as the service sent them (not only the table columns), indented.',
  reads: ['whole', 'rows'],
  async list(view, { fields, out }) {
    await out.write('[');
    let first = true;
    return {
      async row(row) {
        const text = safeJson(jsonRow(row, view, fields), 2).replace(/\n/g, '\n  ');
        await out.write(`${first ? '\n  ' : ',\n  '}${text}`);
        first = false;
      },
      end: (count) => out.write(count ? '\n]\n' : ']\n'),
    };
  },
  async object(item, view, { fields, out }) {
    await out.write(`${safeJson(jsonRow(item, view, fields), 2)}\n`);
  },
});
