import type { ChalkInstance } from 'chalk';
import type { OutputFormat } from './format.js';
import {
  csvCell,
  safeJson,
  sanitize,
  sanitizeMultiline,
  toText,
  yamlEscapes,
  yamlQuoted,
} from '../../streams/sanitize.js';
import { TableWriter } from './table.js';
import { type Column, cellValue, type Rows, selectColumns, type View } from './view.js';
import { displayWidth, loadWidths, wrapListItem, wrapWords } from '../../streams/width.js';
import type { OutputWriter } from './writer.js';

export interface RenderOptions {
  format: OutputFormat;
  fields: string[] | undefined;
  chalk: ChalkInstance;
  out: OutputWriter;
  /** The terminal's width for tables; undefined when stdout is not a terminal (nothing is cut). */
  width?: number;
  /** A notice for stderr (columns a table left out to fit the terminal). */
  note?: (message: string | readonly string[]) => void;
}

function pick<T extends object>(row: T, columns: Column<T>[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const c of columns) out[c.key] = cellValue(c, row);
  return out;
}

/** The notice naming the columns a table left out at the terminal's width. */
export function hiddenNotice(headers: string[]): string {
  return `Not shown at this width: ${headers.join(', ')} (--fields chooses the columns; -o json shows everything).`;
}

/** The JSON form of a row: the full object, or only the --fields. */
function jsonRow<T extends object>(row: T, view: View<T>, fields: string[] | undefined): unknown {
  return fields ? pick(row, selectColumns(view, fields)) : row;
}

/**
 * YAML text (yaml loads only for -o yaml). A string holding characters YAML would print raw (C1, DEL, bidi,
 * zero-width) or what a CI runner would read as a command is written double-quoted, where those are then
 * `\u`-escaped (yamlQuoted).
 */
export async function yamlText(value: unknown): Promise<string> {
  const { Document, isScalar, visit } = await import('yaml');
  const doc = new Document(value);
  let risky = false;
  visit(doc, {
    Scalar(_key, node) {
      if (isScalar(node) && typeof node.value === 'string' && yamlQuoted(node.value)) {
        node.type = 'QUOTE_DOUBLE';
        risky = true;
      }
    },
  });
  const text = doc.toString();
  return risky ? yamlEscapes(text) : text;
}

async function* iterate<T>(rows: Iterable<T> | AsyncIterable<T>): AsyncGenerator<T> {
  yield* rows;
}

/** Renders a list; ndjson, csv, tsv and json stream as rows arrive. Returns the number of rows. */
export async function renderList<T extends object>(
  rows: Rows<T>,
  view: View<T>,
  opts: RenderOptions,
): Promise<number> {
  const { format, fields, out } = opts;
  const columns = selectColumns(view, fields, format);
  let count = 0;
  let table: TableWriter<T> | undefined;
  try {
    switch (format) {
      case 'ndjson':
        for await (const row of iterate(rows)) {
          count++;
          await out.write(`${safeJson(jsonRow(row, view, fields))}\n`);
        }
        break;
      case 'json':
        await out.write('[');
        for await (const row of iterate(rows)) {
          const text = safeJson(jsonRow(row, view, fields), 2).replace(/\n/g, '\n  ');
          await out.write(`${count++ === 0 ? '\n  ' : ',\n  '}${text}`);
        }
        await out.write(count ? '\n]\n' : ']\n');
        break;
      case 'csv':
        await out.write(`${columns.map((c) => csvCell(c.key)).join(',')}\n`);
        for await (const row of iterate(rows)) {
          count++;
          await out.write(`${columns.map((c) => csvCell(cellValue(c, row))).join(',')}\n`);
        }
        break;
      case 'yaml': {
        const all: unknown[] = [];
        for await (const row of iterate(rows)) all.push(jsonRow(row, view, fields));
        count = all.length;
        if (count) await out.write(await yamlText(all));
        else await out.write('[]\n');
        break;
      }
      case 'table': {
        if (opts.width !== undefined) await loadWidths();
        // Streamed: the columns are sized from the first rows, the others written as they come.
        let hidden: string[] = [];
        table = new TableWriter(columns, opts.chalk, {
          width: opts.width,
          drop: !fields,
          onHidden: (h) => (hidden = h),
        });
        for await (const row of iterate(rows)) {
          count++;
          const text = table.add(row);
          if (text) await out.write(text);
        }
        if (!count) break;
        await out.write(table.end());
        await out.flush();
        if (hidden.length) {
          const note = hiddenNotice(hidden);
          opts.note?.(opts.width ? wrapWords(note, opts.width) : note);
        }
        break;
      }
      default:
        for await (const row of iterate(rows)) {
          count++;
          await out.write(`${columns.map((c) => sanitize(toText(cellValue(c, row)))).join('\t')}\n`);
        }
    }
  } catch (error) {
    // Rows already received are printed before the error, whatever the buffer held (streamed formats);
    // a list that failed before its first row prints nothing, not a header that reads as an empty list.
    if (count > 0) {
      // A table's rows still gathered to size its columns are written too.
      if (table) await out.write(table.end()).catch(() => undefined);
      await out.flush().catch(() => undefined);
    }
    throw error;
  }
  await out.flush();
  return count;
}

/** Renders one object: a labelled detail view for humans, the full object for machines. */
export async function renderObject<T extends object>(
  item: T,
  view: View<T>,
  opts: RenderOptions,
): Promise<void> {
  const { format, fields, out } = opts;
  const columns = selectColumns(view, fields);
  switch (format) {
    case 'json':
      await out.write(`${safeJson(jsonRow(item, view, fields), 2)}\n`);
      break;
    case 'ndjson':
      await out.write(`${safeJson(jsonRow(item, view, fields))}\n`);
      break;
    case 'yaml':
      await out.write(await yamlText(jsonRow(item, view, fields)));
      break;
    case 'csv':
      await out.write(`${columns.map((c) => csvCell(c.key)).join(',')}\n`);
      await out.write(`${columns.map((c) => csvCell(cellValue(c, item))).join(',')}\n`);
      break;
    case 'table': {
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
        await out.write(`${label}${styled.replace(/\n/g, `\n${' '.repeat(width + 1)}`)}\n`);
      }
      break;
    }
    default:
      for (const c of columns) await out.write(`${c.key}\t${sanitize(toText(cellValue(c, item)))}\n`);
  }
  await out.flush();
}
