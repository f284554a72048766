import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../src/errors.js';
import { baseFormats, parseFields, resolveFormat } from '../../../src/output/core/format.js';
import { colorEnabled, isCI } from '../../../src/streams/streams.js';
import { csvCell, sanitize, sanitizeMultiline, toText } from '../../../src/streams/sanitize.js';

describe('resolveFormat', () => {
  it('defaults to a table on a terminal and tsv when piped', () => {
    expect(resolveFormat(undefined, true, baseFormats)).toBe('table');
    expect(resolveFormat(undefined, false, baseFormats)).toBe('tsv');
    expect(resolveFormat('yaml', true, baseFormats)).toBe('yaml');
  });

  it('gives the first of the only formats a command takes when -o is not given, terminal or not', () => {
    expect(resolveFormat(undefined, true, ['yaml', 'json'], 'yaml')).toBe('yaml');
    expect(resolveFormat(undefined, false, ['yaml', 'json'], 'yaml')).toBe('yaml');
    expect(resolveFormat('json', false, ['yaml', 'json'], 'yaml')).toBe('json');
  });

  it('refuses formats the command does not offer', () => {
    expect(() => resolveFormat('sarif', false, baseFormats)).toThrow(
      'invalid value for -o, --output: "sarif" (choose from table, tsv, json, ndjson, yaml, csv)',
    );
    expect(resolveFormat('sarif', false, [...baseFormats, 'sarif'])).toBe('sarif');
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
