/** Steps counted on a terminal (stderr): `Setting the status [######--------------] 3 of 10 batches`. */
export interface Counter {
  update(done: number): void;
  /** Clears the line (the summary is a notice of its own). */
  done(): void;
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
