import { describe, expect, it } from 'vitest';
import { yamlText } from '../../../src/output/base/yaml.js';
import {
  csvCell,
  safeJson,
  sanitize,
  sanitizeLine,
  sanitizeMultiline,
} from '../../../src/streams/sanitize.js';

const hostile = [
  'osc52 \u001b]52;c;ZXZpbA==\u0007clipboard',
  'clear \u001b[2J\u001b[Hscreen',
  'bell\u0007',
  'c1 \u009b31mred',
  'del\u007f',
  'x\r error: forged',
  'bidi \u202eevil\u202c',
  'zero\u200bwidth\ufeff',
];

describe('sanitize (table, tsv, error lines)', () => {
  it.each(hostile)('leaves nothing a terminal acts on or hides: %j', (text) => {
    const clean = sanitize(text);
    expect(clean).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/);
  });

  it('keeps the readable text', () => {
    expect(sanitize('clear \u001b[2J\u001b[Hscreen')).toBe('clear screen');
    expect(sanitize('x\r error: forged')).toBe('x  error: forged');
    expect(sanitize('osc52 \u001b]52;c;ZXZpbA==\u0007clipboard')).toBe('osc52 clipboard');
  });

  it('sanitizeMultiline keeps newlines only', () => {
    expect(sanitizeMultiline('a\r\nb\u001b[31m\u202ec')).toBe('a\nbc');
  });

  it('caps a long error line and says how much was cut', () => {
    const line = sanitizeLine('x'.repeat(5_000_000));
    expect(line.length).toBeLessThan(1100);
    expect(line).toMatch(/… \(4999000 more characters\)$/);
  });
});

describe('csv', () => {
  it('removes control characters and escapes but keeps quoted newlines', () => {
    expect(csvCell('a\u001b[31mb\u0007\u202ec')).toBe('abc');
    expect(csvCell('line1\r\nline2')).toBe('"line1\nline2"');
    expect(csvCell('=cmd')).toBe("'=cmd");
  });
});

describe('json and yaml keep the characters, escaped', () => {
  it('json escapes DEL, C1, bidi and zero-width as \\u', () => {
    const text = safeJson({ s: 'a\u007fb\u009bc\u202ed\u200be\u001bf' });
    expect(text).toBe('{"s":"a\\u007fb\\u009bc\\u202ed\\u200be\\u001bf"}');
    expect(JSON.parse(text)).toEqual({ s: 'a\u007fb\u009bc\u202ed\u200be\u001bf' });
  });

  it('yaml quotes and escapes such strings, and reads back the same value', async () => {
    const { parse } = await import('yaml');
    const value = { plain: 'ok', risky: 'r\u202eq\u009bx\u007f', key: { 'k\u200b': 1 } };
    const text = await yamlText(value);
    expect(text).not.toMatch(/[\u007f-\u009f\u200b\u202e]/);
    expect(text).toContain('plain: ok');
    expect(parse(text)).toEqual(value);
  });
});

describe('safeJson: the runner-command escape is skipped only where it would change nothing', () => {
  /** What safeJson wrote before it looked first: the replacement over every text. */
  const always = (value: unknown) =>
    JSON.stringify(value)
      .replace(
        /[\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2028\u2029\u2060-\u2069\ufeff]/g,
        (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
      )
      .replace(
        /#(?=[\p{Default_Ignorable_Code_Point}\p{Cf}]*#)|(?<=section_(?:start|end)):/gu,
        (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
      );
  const pieces = [
    '#',
    '##',
    ':',
    '::',
    'section_start',
    'section_end',
    '\u00ad',
    '\u200b',
    '\ufe0f',
    '\u034f',
    '\u180e',
    '\u{e0001}',
    '\u007f',
    '\u0085',
    '\u061c',
    '\u2028',
    '\ufeff',
    'é',
    '\u{1f600}',
    'a',
    ' ',
  ];

  it('on 5,000 seeded random strings of the pieces a command is made of', () => {
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let n = 0; n < 5000; n++) {
      const text = Array.from(
        { length: 1 + Math.floor(next() * 8) },
        () => pieces[Math.floor(next() * pieces.length)],
      ).join('');
      expect(safeJson({ text }), JSON.stringify(text)).toBe(always({ text }));
    }
  });
});
