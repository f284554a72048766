/**
 * One stream read by several consumers (standard output and each `--out` file) in a single pass: the
 * source is read once, each item goes to every consumer, and an item is dropped once all have taken it, so
 * memory holds only the distance between the fastest and the slowest reader. A consumer that stops early
 * (it failed, or needs no more) is let go; an error from the source reaches every consumer.
 */
export function broadcast<T>(source: AsyncIterable<T>, count: number): AsyncIterable<T>[] {
  const iterator = source[Symbol.asyncIterator]();
  const buffer: T[] = [];
  /** The index in the stream of buffer[0]. */
  let base = 0;
  const positions = new Array<number>(count).fill(0);
  const active = new Array<boolean>(count).fill(true);
  let done = false;
  let failure: { error: unknown } | undefined;
  let pulling: Promise<void> | undefined;

  const trim = () => {
    const lowest = Math.min(...positions.filter((_p, i) => active[i]), base + buffer.length);
    if (lowest > base) {
      buffer.splice(0, lowest - base);
      base = lowest;
    }
  };
  const pull = (): Promise<void> => {
    pulling ??= iterator.next().then(
      (step) => {
        pulling = undefined;
        if (step.done) done = true;
        else buffer.push(step.value);
      },
      (error: unknown) => {
        pulling = undefined;
        failure = { error };
      },
    );
    return pulling;
  };
  const stop = (i: number) => {
    if (!active[i]) return;
    active[i] = false;
    trim();
    // Nobody reads any more: the source may release what it holds (a connection, a page).
    if (!active.some(Boolean) && !done && !failure) void iterator.return?.();
  };

  return positions.map((_p, i) => ({
    [Symbol.asyncIterator](): AsyncIterator<T> {
      return {
        async next(): Promise<IteratorResult<T>> {
          for (;;) {
            const at = positions[i] as number;
            if (at < base + buffer.length) {
              const value = buffer[at - base] as T;
              positions[i] = at + 1;
              trim();
              return { value, done: false };
            }
            if (failure) {
              stop(i);
              throw failure.error;
            }
            if (done) {
              stop(i);
              return { value: undefined, done: true };
            }
            await pull();
          }
        },
        async return(): Promise<IteratorResult<T>> {
          stop(i);
          return { value: undefined, done: true };
        },
      };
    },
  }));
}
