import type { Streams } from './streams.js';

/** Steps counted on a terminal (stderr): `Setting the status [######--------------] 3 of 10 batches`. */
export interface Counter {
  update(done: number): void;
  /** Clears the line (the summary is a notice of its own). */
  done(): void;
}

/**
 * Steps counted on stderr (the batches of a bulk change) when stderr is a terminal (not a dumb one) and
 * neither --quiet nor --debug is given; otherwise none.
 */
export function countSteps(ctx: Streams, label: string, total: number, unit: string): Counter | undefined {
  if (!ctx.stderrIsTTY || ctx.globals.quiet || ctx.debugEnabled || ctx.env.TERM === 'dumb') return undefined;
  return counter(ctx.io.stderr as NodeJS.WritableStream & { columns?: number }, label, total, unit);
}

export function counter(
  stream: NodeJS.WritableStream & { columns?: number },
  label: string,
  total: number,
  unit: string,
): Counter {
  let shown = false;
  const draw = (done: number) => {
    const columns = stream.columns && stream.columns > 20 ? stream.columns : 80;
    const figures = `${done} of ${total} ${unit}`;
    const width = columns - label.length - figures.length - 5 >= 20 ? 20 : 0;
    const bar = width ? ` [${'#'.repeat(Math.round((done / total) * width)).padEnd(width, '-')}]` : '';
    stream.write(`\r\u001b[2K${label}${bar} ${figures}`.slice(0, columns + 6));
    shown = true;
  };
  draw(0);
  return {
    update: draw,
    done() {
      if (shown) stream.write('\r\u001b[2K');
    },
  };
}
