import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../src/errors.js';
import { decodeUtf8, invalidUtf8At } from '../../../src/util/utf8.js';

const bytes = (...b: number[]) => Uint8Array.from(b);

describe('invalidUtf8At', () => {
  it.each([
    ['ASCII', Buffer.from('plain text\n'), -1],
    ['two, three and four bytes', Buffer.from('é € 😀'), -1],
    ['a byte-order mark', Buffer.from('\ufeffname,email'), -1],
    ['Latin-1 é', bytes(0x61, 0xe9, 0x62), 1],
    ['a continuation byte alone', bytes(0x61, 0x80), 1],
    ['an overlong two-byte form', bytes(0xc0, 0xaf), 0],
    ['an overlong three-byte form', bytes(0xe0, 0x80, 0xaf), 0],
    ['a surrogate', bytes(0x61, 0xed, 0xa0, 0x80), 1],
    ['past U+10FFFF', bytes(0xf4, 0x90, 0x80, 0x80), 0],
    ['a sequence cut short at the end', bytes(0x61, 0x62, 0xe2, 0x82), 2],
    ['a sequence cut short by ASCII', bytes(0xe2, 0x41, 0x41), 0],
    ['0xFF', bytes(0xff), 0],
  ])('%s', (_what, input, at) => {
    expect(invalidUtf8At(input)).toBe(at);
  });

  it('agrees with a fatal TextDecoder on many random byte strings', () => {
    const fatal = new TextDecoder('utf-8', { fatal: true });
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let n = 0; n < 5000; n++) {
      // Mostly bytes of multi-byte sequences, so that valid and invalid strings both occur.
      const input = Uint8Array.from({ length: 1 + (next() % 8) }, () => {
        const r = next() % 10;
        return r < 3 ? next() % 0x80 : r < 6 ? 0x80 + (next() % 0x40) : 0xc0 + (next() % 0x40);
      });
      let valid = true;
      try {
        fatal.decode(input);
      } catch {
        valid = false;
      }
      expect(invalidUtf8At(input) === -1, Buffer.from(input).toString('hex')).toBe(valid);
    }
  });
});

describe('decodeUtf8', () => {
  it('returns the text, a byte-order mark kept', () => {
    expect(decodeUtf8(Buffer.from('\ufeffa,é\n'), 'f.csv')).toBe('\ufeffa,é\n');
  });

  it('names the line and the column (in characters) of the first byte that is not UTF-8', () => {
    const input = Buffer.concat([Buffer.from('line one\nRené,'), bytes(0xe9), Buffer.from('\nthree\n')]);
    let error: unknown;
    try {
      decodeUtf8(input, 'people.csv');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toBe('people.csv:2: not UTF-8 text: byte 0xE9 at column 6');
  });
});
