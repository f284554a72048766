import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  checkJsonValues,
  checkPageRows,
  jsonValueCount,
  tooManyJsonValues,
  maxJsonBytes,
  maxJsonValues,
} from '../../../src/api/json-limits.js';
import { readCapped } from '../../../src/api/wire.js';
import { UnexpectedResponseError } from '../../../src/errors.js';

/** Issue 18, item 3: what bounds the memory of a JSON answer. The peak RSS is measured by bench/big-answers.mjs. */

/** A body of `count` chunks of `size` bytes, recording whether it was destroyed and how much was read. */
function body(count: number, size: number) {
  let read = 0;
  const stream = Readable.from(
    (function* () {
      for (let i = 0; i < count; i++) {
        read += size;
        yield Buffer.alloc(size, 0x61);
      }
    })(),
  );
  return { stream, read: () => read };
}

describe('readCapped', () => {
  it('reads a body up to the limit into one buffer', async () => {
    const b = body(4, 1000);
    const text = await readCapped(b.stream, 4000);
    expect(text?.length).toBe(4000);
    expect(text?.toString()).toBe('a'.repeat(4000));
  });

  it('past the limit: stops reading, destroys the stream and keeps nothing (no buffer of the limit’s size)', async () => {
    const b = body(1000, 1024);
    expect(await readCapped(b.stream, 10 * 1024)).toBeUndefined();
    expect(b.stream.destroyed).toBe(true);
    expect(b.read()).toBeLessThanOrEqual(12 * 1024);
  });

  it('a length announced over the limit is refused before a byte is read', async () => {
    const b = body(10, 1024);
    expect(await readCapped(b.stream, 4096, '10240')).toBeUndefined();
    expect(b.read()).toBe(0);
    expect(b.stream.destroyed).toBe(true);
  });

  it('a length announced within the limit fills one buffer of that length', async () => {
    const b = body(3, 100);
    expect((await readCapped(b.stream, 4096, '300'))?.length).toBe(300);
    const short = body(2, 100);
    expect((await readCapped(short.stream, 4096, '300'))?.length).toBe(200);
    const long = body(5, 100);
    expect((await readCapped(long.stream, 4096, '300'))?.length).toBe(500);
  });

  it('the JSON cap is 32 MiB', () => {
    expect(maxJsonBytes).toBe(32 * 1024 * 1024);
  });
});

describe('jsonValueCount', () => {
  it.each([
    ['', 0],
    ['1', 1],
    ['[]', 2],
    ['[1,2,3]', 4],
    ['{"a":1,"b":[1,2]}', 5],
    ['{"a":"x,y,[{"}', 2],
    ['{"a":"quote \\" and , comma","b":2}', 3],
    ['{"a":"ends in a backslash \\\\","b":[1,2]}', 5],
  ])('%s: %d', (text, count) => {
    expect(jsonValueCount(Buffer.from(text))).toBe(count);
  });

  it('stops counting past the cap', () => {
    const big = Buffer.from(`[${'1,'.repeat(5000)}1]`);
    expect(jsonValueCount(big, 100)).toBe(101);
  });

  it('refuses an answer of more than a million values before it is parsed, naming the operation', () => {
    const rows = Buffer.from(`{"ok":true,"response":[${'{"id":"1"},'.repeat(maxJsonValues / 2)}{"id":"2"}]}`);
    let error: unknown;
    try {
      checkJsonValues({ id: 'ListApps' }, rows);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect((error as Error).message).toMatch(
      /^ListApps: the answer holds more than 1,000,000 values \(in \d+ MiB\); not read$/,
    );
    expect(() =>
      checkJsonValues({ id: 'ListApps' }, Buffer.from('{"ok":true,"response":[{"id":"1"}]}')),
    ).not.toThrow();
  });

  it('counts only a text long enough to hold more than the limit (a value takes a byte at least)', () => {
    // The most values a text of maxJsonValues - 1 bytes can hold: every byte but the last a comma.
    const densest = Buffer.from(`[${','.repeat(maxJsonValues - 3)}]`);
    expect(densest.length).toBe(maxJsonValues - 1);
    expect(jsonValueCount(densest)).toBeLessThanOrEqual(maxJsonValues);
    expect(tooManyJsonValues(densest)).toBe(false);
    const over = Buffer.from(`[${','.repeat(maxJsonValues)}]`);
    expect(tooManyJsonValues(over)).toBe(true);
    expect(tooManyJsonValues(Buffer.from(`["${','.repeat(maxJsonValues)}"]`))).toBe(false);
  });
});

describe('checkPageRows: a page holding more rows than asked for is exit 8', () => {
  const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: String(i) }));
  const path = '/api/v4/orgs/o/apps/a/findings';

  it.each([
    [
      'ListAppFindings',
      { findings: rows(251) },
      `${path}?per_page=250`,
      'the page holds 251 findings, more than the 250 asked for (per_page=250)',
    ],
    [
      'ListAppFindings',
      { findings: rows(51) },
      path,
      'the page holds 51 findings, more than the 50 a page holds by default',
    ],
    [
      'ListCompoundFindings',
      { findings: rows(300) },
      `${path}?per_page=500`,
      'more than the 250 a page may hold',
    ],
    ['ListOrgCompounds', { compounds: rows(101) }, `${path}?per_page=100`, 'the page holds 101 compounds'],
    [
      'SearchDependency',
      rows(1001),
      `${path}?per_page=1000`,
      'the page holds 1001 rows, more than the 1000 asked for',
    ],
    [
      'ListScans',
      { scans: rows(11) },
      path,
      'the page holds 11 scans, more than the 10 a page holds by default',
    ],
  ])('%s', (id, payload, at, message) => {
    expect(() => checkPageRows({ id }, payload, at)).toThrow(message);
  });

  it.each([
    ['ListAppFindings', { findings: rows(250) }, `${path}?per_page=250`],
    ['ListAppFindings', { findings: rows(50) }, path],
    ['SearchDependency', rows(3000), `${path}?per_page=0`],
    ['ListApps', rows(5000), path],
    ['ListAppFindings', { findings: null }, path],
  ])('%s within its size (or of no known size) passes', (id, payload, at) => {
    expect(() => checkPageRows({ id }, payload, at)).not.toThrow();
  });
});
