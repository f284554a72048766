import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectFields, parseField } from '../../../src/exchange/fields.js';
import { parseScopes } from '../../../src/commands/roles/internal/scopes.js';
import { duration, int, parseValue, uuid } from '../../../src/commands/parsers.js';
import { splitList } from '../../../src/util/lists.js';
import { UsageError } from '../../../src/errors.js';

const parseDuration = (flag: string, text: string) => parseValue(duration(), { flag }, text);

describe('the duration parser', () => {
  it.each([
    ['3600', 3600],
    ['90s', 90],
    ['15m', 900],
    ['12h', 43_200],
    ['30d', 2_592_000],
    ['2w', 1_209_600],
    ['1d12h', 129_600],
    [' 1H ', 3600],
  ])('%j -> %i seconds', (text, seconds) => {
    expect(parseDuration('--valid-for', text)).toBe(seconds);
  });

  it.each(['', '0', '0s', '-5', '1.5h', '10y', 'h', '1h junk', '12 h', '99999999999d'])(
    'refuses %j',
    (text) => {
      expect(() => parseDuration('--valid-for', text)).toThrow(UsageError);
    },
  );

  it('names the flag and the value', () => {
    expect(() => parseDuration('--valid-for', 'soon')).toThrow(
      'invalid value for --valid-for: "soon" (expected a duration such as 3600, 90m, 12h, 30d)',
    );
    expect(() => parseDuration('--valid-for', '0')).toThrow(
      'invalid value for --valid-for: "0" (must be more than zero)',
    );
    expect(() => parseDuration('--valid-for', '99999999999d')).toThrow(
      'invalid value for --valid-for: "99999999999d" (at most ten years)',
    );
  });
});

describe('int and uuid parsers, splitList', () => {
  it('parses whole numbers in range', () => {
    const limit = (text: string) => parseValue(int(1, 100), { flag: '--limit' }, text);
    expect(limit('10')).toBe(10);
    expect(() => limit('1.5')).toThrow(UsageError);
    expect(() => limit('101')).toThrow(
      'invalid value for --limit: "101" (expected a whole number from 1 to 100)',
    );
  });

  it('requires a UUID', () => {
    const id = (text: string) => parseValue(uuid('token id'), {}, text);
    expect(id('3FA85F64-5717-4562-B3FC-2C963F66AFA6')).toBe('3FA85F64-5717-4562-B3FC-2C963F66AFA6');
    expect(() => id('abc')).toThrow('invalid token id "abc": expected a UUID');
    expect(() => id('')).toThrow('invalid token id "": expected a UUID');
  });

  it('splits repeated and comma-separated values', () => {
    expect(splitList(['a,b', ' c ', ',,'])).toEqual(['a', 'b', 'c']);
    expect(splitList(undefined)).toEqual([]);
  });
});

describe('parseScopes', () => {
  it('accepts resource:action and resource:*, deduplicated', () => {
    expect(parseScopes('--scope', ['findings:list,findings:read', 'comments:*', 'findings:list'])).toEqual([
      'findings:list',
      'findings:read',
      'comments:*',
    ]);
  });

  it.each(['findings', 'findings:', ':list', 'a:b:c', 'fin dings:list', '*:list'])('refuses %j', (scope) => {
    expect(() => parseScopes('--add-scope', [scope])).toThrow(
      `invalid scope ${JSON.stringify(scope)} for --add-scope: expected <resource>:<action> or <resource>:*`,
    );
  });
});

describe('parseField', () => {
  it.each([
    ['a=b', ['a', 'b']],
    ['n=42', ['n', 42]],
    ['n=-1.5', ['n', -1.5]],
    ['t=true', ['t', true]],
    ['f=false', ['f', false]],
    ['z=null', ['z', null]],
    ['e=', ['e', '']],
    ['eq=a=b', ['eq', 'a=b']],
    ['v=1e3', ['v', '1e3']],
    ['v=007x', ['v', '007x']],
  ])('%j', (raw, expected) => {
    expect(parseField(raw)).toEqual(expected);
  });

  it.each(['novalue', '=x'])('refuses %j', (raw) => {
    expect(() => parseField(raw)).toThrow(
      `invalid value for -F, --field: ${JSON.stringify(raw)} (expected key=value)`,
    );
  });

  it('reads @file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'secscan-field-'));
    try {
      writeFileSync(join(dir, 'body.txt'), 'from file');
      expect(parseField(`d=@${join(dir, 'body.txt')}`)).toEqual(['d', 'from file']);
      expect(() => parseField(`d=@${join(dir, 'missing')}`)).toThrow(
        /^-F d: cannot read .*missing: no such file$/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('groups repeated keys', () => {
    expect([...collectFields(['type=vuln', 'type=oss_vuln', 'per_page=10'])]).toEqual([
      ['type', ['vuln', 'oss_vuln']],
      ['per_page', [10]],
    ]);
  });
});
