import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/errors.js';
import { baseFormatNames } from '../../../src/output/base/index.js';
import { parseFields, resolveFormat } from '../../../src/output/core/format.js';
import { colorEnabled, isCI } from '../../../src/streams/streams.js';
import { csvCell, sanitize, sanitizeMultiline, toText } from '../../../src/streams/sanitize.js';

describe('resolveFormat', () => {
  const base = { formats: baseFormatNames };

  it('defaults to a table on a terminal and tsv when piped', () => {
    expect(resolveFormat(undefined, true, base)).toBe('table');
    expect(resolveFormat(undefined, false, base)).toBe('tsv');
    expect(resolveFormat('yaml', true, base)).toBe('yaml');
  });

  it('gives the default of a command’s document when -o is not given, terminal or not', () => {
    const file = { formats: ['json', 'ndjson', 'yaml'], defaultFormat: 'yaml' };
    expect(resolveFormat(undefined, true, file)).toBe('yaml');
    expect(resolveFormat(undefined, false, file)).toBe('yaml');
    expect(resolveFormat('json', false, file)).toBe('json');
  });

  it('refuses formats the command does not offer, naming those it does', () => {
    expect(() => resolveFormat('sarif', false, base)).toThrow(
      `invalid value for -o, --output: "sarif" (choose from ${baseFormatNames.join(', ')})`,
    );
    expect(resolveFormat('sarif', false, { formats: [...baseFormatNames, 'sarif'] })).toBe('sarif');
  });

  it('says why a document that cannot be rows refuses a base format', () => {
    const text = {
      formats: ['table', 'json'],
      defaultFormat: 'table',
      refused: { formats: ['tsv', 'csv'], why: 'a policy file is text, not rows' },
    };
    expect(() => resolveFormat('csv', false, text)).toThrow(
      'invalid value for -o, --output: "csv": a policy file is text, not rows (choose from table, json)',
    );
    expect(() => resolveFormat('xml', false, text)).toThrow(
      'invalid value for -o, --output: "xml" (choose from table, json)',
    );
  });
});

describe('colorEnabled', () => {
  it.each([
    [true, {}, true, true],
    [true, {}, false, false],
    [false, { FORCE_COLOR: '1' }, true, false],
    [true, { NO_COLOR: '1' }, true, false],
    [true, { NO_COLOR: '' }, true, true],
    [true, { CLICOLOR: '0' }, true, false],
    [true, { FORCE_COLOR: '1' }, false, true],
    [true, { CLICOLOR_FORCE: '1' }, false, true],
    [true, { FORCE_COLOR: '0' }, false, false],
    [true, { FORCE_COLOR: 'false', CLICOLOR_FORCE: '' }, false, false],
    [true, { FORCE_COLOR: '1', NO_COLOR: '1' }, false, true],
    [true, { FORCE_COLOR: '0' }, true, false],
    [true, { FORCE_COLOR: 'false' }, true, false],
    [true, { FORCE_COLOR: '0', CLICOLOR_FORCE: '1' }, true, false],
    [true, { TERM: 'dumb' }, true, false],
    [true, { TERM: 'dumb', FORCE_COLOR: '1' }, true, true],
    [true, { TERM: 'xterm-256color' }, true, true],
  ])('flag %s env %j tty %s -> %s', (flag, env, tty, expected) => {
    expect(colorEnabled(flag, env, tty)).toBe(expected);
  });
});

describe('isCI', () => {
  it.each([
    [{ CI: 'true' }, true],
    [{ CI: '1' }, true],
    [{ CI: 'woodpecker' }, true],
    [{ CI: 'false' }, false],
    [{ CI: '0' }, false],
    [{ CI: '' }, false],
    [{}, false],
  ])('%j -> %s', (env, expected) => {
    expect(isCI(env)).toBe(expected);
  });
});

describe('parseFields', () => {
  it('splits and trims', () => {
    expect(parseFields(' id, name ,,')).toEqual(['id', 'name']);
    expect(parseFields(undefined)).toBeUndefined();
    expect(() => parseFields(' , ')).toThrow(UsageError);
  });
});

describe('sanitize', () => {
  it('removes ANSI escapes, OSC sequences and control characters', () => {
    expect(sanitize('a\u001b[1;31mb\u001b[0m\u001b]8;;http://x\u0007c\u0000\u007fd\u009b')).toBe('abcd');
    expect(sanitize('one\ttwo\r\nthree')).toBe('one two three');
  });

  it('keeps newlines in multi-line text', () => {
    expect(sanitizeMultiline('a\r\nb\tc\u001b[2Jd\u0008')).toBe('a\nb  cd');
  });
});

describe('toText and csvCell', () => {
  it('joins scalar arrays and serializes objects', () => {
    expect(toText(['a', 1])).toBe('a, 1');
    expect(toText([{ a: 1 }])).toBe('[{"a":1}]');
    expect(toText(null)).toBe('');
    expect(toText(false)).toBe('false');
  });

  it.each([
    ['=cmd', "'=cmd"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@x', "'@x"],
    ['a"b', '"a""b"'],
    ['line\nbreak', '"line\nbreak"'],
    ['=a,b', `"'=a,b"`],
    ['plain', 'plain'],
  ])('%j -> %s', (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });
});
