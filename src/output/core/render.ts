import { type BaseFormatName, baseFormats } from '../base/index.js';
import type { RenderOptions } from '../base/format.js';
import type { Rows, View } from './view.js';

export type { RenderOptions };

async function* iterate<T>(rows: Iterable<T> | AsyncIterable<T>): AsyncGenerator<T> {
  yield* rows;
}

/**
 * Renders a list in a base format, each row written as it arrives (a format that must see every row
 * first, yaml, gathers them). Returns the number of rows.
 */
export async function renderList<T extends object>(
  rows: Rows<T>,
  view: View<T>,
  opts: RenderOptions & { format: BaseFormatName },
): Promise<number> {
  const { out } = opts;
  const writer = await baseFormats[opts.format].list(view, opts);
  let count = 0;
  try {
    for await (const row of iterate(rows)) {
      count++;
      await writer.row(row);
    }
  } catch (error) {
    // Rows already received are printed before the error, whatever the buffer held (streamed formats);
    // a list that failed before its first row prints nothing, not a header that reads as an empty list.
    if (count > 0) {
      await writer.stopped?.().catch(() => undefined);
      await out.flush().catch(() => undefined);
    }
    throw error;
  }
  await writer.end(count);
  await out.flush();
  return count;
}

/** Renders one object in a base format: a labelled detail view for people, the whole object for machines. */
export async function renderObject<T extends object>(
  item: T,
  view: View<T>,
  opts: RenderOptions & { format: BaseFormatName },
): Promise<void> {
  await baseFormats[opts.format].object(item, view, opts);
  await opts.out.flush();
}
