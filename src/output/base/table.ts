import { sanitizeMultiline, toText } from '../../streams/sanitize.js';
import { displayWidth, loadWidths, wrapListItem, wrapWords } from '../../streams/width.js';
import { TableWriter } from '../core/table.js';
import { cellValue, selectColumns } from '../core/view.js';
import { defineBaseFormat } from './format.js';

/** The notice naming the columns a table left out at the terminal's width. */
export function hiddenNotice(headers: string[]): string {
  return `Not shown at this width: ${headers.join(', ')} (--fields chooses the columns; -o json shows everything).`;
}

/**
 * Aligned columns for people. A list is streamed: the columns are sized from the first rows, the others
 * written as they come; an object is a labelled detail view.
 */
export default defineBaseFormat({
  summary: 'Aligned columns with a bold header, as wide as the terminal.',
  reads: ['rows'],
  async list(view, opts) {
    const { fields, out } = opts;
    if (opts.width !== undefined) await loadWidths();
    let hidden: string[] = [];
    const table = new TableWriter(selectColumns(view, fields, 'table'), opts.chalk, {
      width: opts.width,
      drop: !fields,
      onHidden: (h) => (hidden = h),
    });
    return {
      async row(row) {
        const text = table.add(row);
        if (text) await out.write(text);
      },
      async end(count) {
        if (!count) return;
        await out.write(table.end());
        await out.flush();
        if (hidden.length) {
          const note = hiddenNotice(hidden);
          opts.note?.(opts.width ? wrapWords(note, opts.width) : note);
        }
      },
      // The rows still gathered to size the columns are written too.
      stopped: () => out.write(table.end()),
    };
  },
  async object(item, view, opts) {
    const columns = selectColumns(view, opts.fields);
    if (opts.width !== undefined) await loadWidths();
    const width = Math.max(...columns.map((c) => c.header.length)) + 1;
    // On a terminal a long value goes on under itself, broken between words; a URL stays whole, and so
    // does a line of aligned parts (`ID  ROLE` of a member): broken, its parts would read as two items.
    const room = opts.width !== undefined ? Math.max(20, opts.width - width - 1) : undefined;
    const fill = (text: string) =>
      room === undefined
        ? text
        : text
            .split('\n')
            .flatMap(
              (line) =>
                wrapListItem(line, room) ??
                (displayWidth(line) > room && !line.includes('  ') ? wrapWords(line, room) : [line]),
            )
            .join('\n');
    for (const c of columns) {
      const text = fill(sanitizeMultiline(toText(cellValue(c, item))));
      const styled = c.style ? c.style(text, item, opts.chalk) : text;
      const label = opts.chalk.bold(`${c.header}:`.padEnd(width + 1));
      await opts.out.write(`${label}${styled.replace(/\n/g, `\n${' '.repeat(width + 1)}`)}\n`);
    }
  },
});
