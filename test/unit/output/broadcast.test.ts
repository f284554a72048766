import { describe, expect, it } from 'vitest';
import { broadcast } from '../../../src/output/export/broadcast.js';

async function* numbers(n: number, log: string[], fail?: number): AsyncGenerator<number> {
  for (let i = 0; i < n; i++) {
    if (i === fail) throw new Error(`page ${i} failed`);
    log.push(`read ${i}`);
    yield i;
  }
}

async function all<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

describe('broadcast: one stream, several readers, one pass', () => {
  it('every reader gets every item in order; the source is read once', async () => {
    const log: string[] = [];
    const [a, b, c] = broadcast(numbers(5, log), 3);
    const results = await Promise.all([all(a!), all(b!), all(c!)]);
    expect(results).toEqual([
      [0, 1, 2, 3, 4],
      [0, 1, 2, 3, 4],
      [0, 1, 2, 3, 4],
    ]);
    expect(log).toEqual(['read 0', 'read 1', 'read 2', 'read 3', 'read 4']);
  });

  it('an error of the source reaches every reader, after the items before it', async () => {
    const [a, b] = broadcast(numbers(5, [], 3), 2);
    const seen: number[][] = [[], []];
    const read = async (items: AsyncIterable<number>, into: number[]) => {
      for await (const item of items) into.push(item);
    };
    const results = await Promise.allSettled([read(a!, seen[0]!), read(b!, seen[1]!)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(seen).toEqual([
      [0, 1, 2],
      [0, 1, 2],
    ]);
  });

  it('a reader that stops early is let go: the others read on', async () => {
    const [a, b] = broadcast(numbers(6, []), 2);
    const first: number[] = [];
    for await (const item of a!) {
      first.push(item);
      if (item === 1) break;
    }
    expect(first).toEqual([0, 1]);
    expect(await all(b!)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('holds only what the slowest reader has not taken yet', async () => {
    const log: string[] = [];
    const [fast, slow] = broadcast(numbers(100, log), 2);
    const slowIterator = slow![Symbol.asyncIterator]();
    await slowIterator.next();
    // The fast reader reads everything; the slow one has taken one item.
    expect(await all(fast!)).toHaveLength(100);
    const rest: number[] = [];
    for (let step = await slowIterator.next(); !step.done; step = await slowIterator.next())
      rest.push(step.value);
    expect(rest).toEqual(Array.from({ length: 99 }, (_, i) => i + 1));
    expect(log).toHaveLength(100);
  });
});
