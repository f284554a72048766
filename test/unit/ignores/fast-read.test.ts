import { lineOf, parseLined } from '@secscan/api/rules/lines';
import { describe, expect, it } from 'vitest';
import { fastReadIgnores } from '../../../src/ignores/fast-read.js';
import type { IgnoreFile } from '../../../src/ignores/file.js';
import { readIgnoreFile, readIgnoreFileFully } from '../../../src/ignores/full-read.js';

/**
 * The fast reader of ignore files (issue 33, §3) against the full path (the `yaml` package): wherever it
 * answers, the same data and entry lines; and readIgnoreFile gives what the full path alone gives, the same
 * entries or the same error at the same line, for generated files and tricky ones.
 */

/** A seeded generator (mulberry32): the same files every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Outcome = { error: string; kind: string } | { entries: unknown[]; json: string };

function outcome(read: (text: string, label: string) => IgnoreFile, text: string): Outcome {
  try {
    const file = read(text, '.secscan/ignore.yml');
    // Every entry's data and line; `matches` is a function (compared on findings by the matching tests).
    const entries = file.entries.map(({ matches: _, ...rest }) => rest);
    // In the same order of keys too (a listing in JSON shows them in that order).
    return { entries, json: JSON.stringify(entries) };
  } catch (error) {
    return { error: (error as Error).message, kind: (error as Error).constructor.name };
  }
}

/** The raw reader against parseLined, then readIgnoreFile against the full path alone; whether it was fast. */
function compare(text: string): boolean {
  const fast = fastReadIgnores(text);
  if (fast) {
    const { file, data } = parseLined(text, 'f', false, 'hint', '`ignores:`');
    expect(fast.data).toStrictEqual(data);
    expect(fast.lines).toEqual(fast.data.ignores.map((_, i) => lineOf(file, ['ignores', i])));
  }
  expect(outcome(readIgnoreFile, text)).toStrictEqual(outcome(readIgnoreFileFully, text));
  return fast !== undefined;
}

const pick = <T>(r: () => number, items: readonly T[]): T => items[Math.floor(r() * items.length)] as T;

/** One value in one of the styles a person writes it in. */
function styled(r: () => number, value: string): string {
  const style = r();
  if (style < 0.6) return value;
  if (style < 0.8) return `'${value.replaceAll("'", "''")}'`;
  return `"${value}"`;
}

/** A list of names, as a flow list or a block list (indented or not) under its key at `indent`. */
function list(r: () => number, key: string, names: string[], indent: string): string[] {
  if (r() < 0.5) return [`${indent}${key}: [${names.map((n) => styled(r, n)).join(', ')}]`];
  const under = r() < 0.5 ? indent : `${indent}  `;
  return [`${indent}${key}:`, ...names.map((n) => `${under}- ${styled(r, n)}`)];
}

/** An entry's lines (a map of the keys a realistic file has), its first key at `column`. */
function entry(r: () => number): [string, string][] {
  const keys: [string, string][] = [];
  const kind = r();
  if (kind < 0.4) {
    keys.push(['id', r() < 0.8 ? String(1 + Math.floor(r() * 99999)) : `"${1 + Math.floor(r() * 999)}"`]);
    if (r() < 0.7) keys.push(['app', styled(r, pick(r, ['payments-api', 'web', 'svc-1']))]);
  } else if (kind < 0.6) {
    keys.push(['app', 'web']);
    keys.push([
      pick(r, ['category', 'title']),
      styled(r, pick(r, ['SQL*', 'Weak Hash', 'Hard-coded credential #3', 'it is', '/^XSS in .*$/'])),
    ]);
  } else if (kind < 0.8) {
    keys.push([
      'path',
      pick(r, ['"**/*.java"', 'src/generated/**', "'test/**/fixtures/*'", 'src/{a,b}/x.js']),
    ]);
  } else {
    keys.push(['package', styled(r, pick(r, ['pkg:npm/lodash', 'pkg:maven/org.x/y', 'pkg:npm/%40a/b']))]);
    if (r() < 0.6) keys.push(['versions', pick(r, ['"<4.17.21"', "'>=1.0.0 <2.0.0'", '<2.0.0'])]);
  }
  keys.push(['reason', styled(r, pick(r, ['accepted risk', "it's fine", 'see #123', 'validated upstream']))]);
  if (r() < 0.4) keys.push(['owner', pick(r, ['alice@example.com', 'team-3@example.com'])]);
  if (r() < 0.4) keys.push(['expires', pick(r, ['2027-01-15', '2026-12-31', "'2027-03-01'"])]);
  if (r() < 0.1) keys.push(['expires', '2027-02-30']);
  if (r() < 0.15) {
    const stated = pick(r, ['false_positive', 'not_affected', "'not_affected'", '"not_affected"']);
    keys.push(['vex', stated]);
    if (stated !== 'false_positive') {
      keys.push(['justification', styled(r, pick(r, ['code_not_reachable', 'requires_configuration']))]);
    }
  }
  if (r() < 0.25) keys.push(['scope', '']);
  for (let k = keys.length - 1; k > 0; k--) {
    if (r() < 0.3) {
      const j = Math.floor(r() * (k + 1));
      [keys[k], keys[j]] = [keys[j] as [string, string], keys[k] as [string, string]];
    }
  }
  return keys;
}

/** A realistic file: comments, blank lines, trailing spaces and comments, several indents, CRLF. */
function generate(seed: number): string {
  const r = random(seed);
  const out: string[] = [];
  if (r() < 0.2) out.push('# accepted risks, reviewed like code');
  if (r() < 0.2) out.push('---');
  out.push(r() < 0.1 ? 'ignores:   # the list' : 'ignores:');
  const seq = pick(r, ['', '  ', '    ']);
  const count = 1 + Math.floor(r() * 6);
  for (let i = 0; i < count; i++) {
    if (r() < 0.2) out.push('');
    if (r() < 0.15) out.push(`${pick(r, ['', seq, `${seq}    `])}# entry ${i}`);
    const gap = r() < 0.85 ? ' ' : '   ';
    const column = `${seq} ${gap}`.replace(/./g, ' ');
    entry(r).forEach(([key, value], k) => {
      const lead = k === 0 ? `${seq}-${gap}` : column;
      if (key === 'scope') {
        const apps = ['web', 'payments-api'].slice(0, 1 + Math.floor(r() * 2));
        if (r() < 0.3) {
          out.push(`${lead}scope: {apps: [${apps.join(', ')}]}`);
          return;
        }
        out.push(`${lead}scope:`);
        const inner = `${column}  `;
        out.push(...list(r, 'apps', apps, inner));
        if (r() < 0.4) out.push(...list(r, 'compounds', ['main-repo'], inner));
        return;
      }
      const tail = r() < 0.1 ? '   ' : r() < 0.1 ? '  # why' : '';
      out.push(`${lead}${key}: ${value}${tail}`);
    });
  }
  if (r() < 0.2) out.push('# end');
  const text = out.join('\n') + (r() < 0.8 ? '\n' : '');
  return r() < 0.2 ? text.replaceAll('\n', '\r\n') : text;
}

/** Lines that break a file, or that a fast reader could misread, for a generated file to take in. */
const tricky = [
  '    id: 0x10',
  '    id: 0o17',
  '    id: 1e3',
  '    id: 12345678901234567890',
  '    id: -1',
  "    title: 'it''s'",
  '    title: "a#b"',
  '    title: a #comment',
  '    title: a#b',
  '    title: a: b',
  '    title: "a\\"b"',
  '    title: "a\\tb"',
  '    title: "a\\\\b"',
  '    title: "\\u0041"',
  '    title: a:',
  '    title: - x',
  '    title: a # c: d',
  '        # a deeper comment',
  '# a comment at column 0',
  '    id: 1_000',
  '    id: 00',
  '    expires: 2027-01-15T00:00:00Z',
  '    scope: {"apps": [a]}',
  '    scope: {apps: [a#b, c]}',
  '    scope: {apps: [a:b]}',
  '    scope: {apps: ["a", \'b\']} # c',
  '    title: "multi',
  '      line"',
  '    title: |',
  '      block',
  '    title: >-',
  '    title: &x anchor',
  '    title: *x',
  '    title: !!str tagged',
  '    title: ~',
  '    title: null',
  '    title: true',
  '    title: .inf',
  '    title: -.5',
  '    title: +1',
  '    title: ',
  '    title: "it\'s"',
  "    title: 'a'#c",
  '    title: plain',
  '      continued',
  '    path: "**/*.java"',
  '    path: **/*.java',
  '    reason: yes',
  '    reason: no',
  '    reason: "   "',
  "    reason: '  padded  '",
  '    app: " web "',
  '    owner: "\u00a0x\u00a0"',
  '    id: "0123"',
  '    id: "1234567890123456"',
  '    id: "12345678901234567"',
  '    id: 0',
  '    id: 000',
  '    expires: " 2027-01-01"',
  "    scope: {apps: ['  ', b]}",
  "    scope: {apps: [' a ', b], compounds: [c]}",
  '    scope: {compounds: [c], apps: [a]}',
  '    scope: {apps: [1]}',
  '    reason:',
  '    expires: 2027-02-30',
  '    expires: 2027-1-5',
  '    reasn: typo',
  '    scope: {apps: []}',
  '    scope: {apps: [a, b], apps: [c]}',
  '    scope: {apps: [a, b,]}',
  '    scope: {apps: [a,',
  '    scope: [a]',
  '    scope:',
  '      teams: [a]',
  '\tid: 1',
  '    id: 1\t',
  '    reason: trailing spaces   ',
  '   id: 3',
  '      id: 3',
  '  -id: 3',
  '  - - id: 3',
  '  -',
  '  - {id: 1, reason: r}',
  '  - ? id',
  '    : 1',
  '  - "id": 1',
  '  - id : 1',
  'other: 1',
  '---',
  '...',
  '%YAML 1.2',
  '# \u00a0 comment',
  '    owner: caf\u00e9 \u00a0 ok',
  '    owner: \u2028',
  '    owner: \ufeff',
  '    owner: a\rb',
  '    owner: \u0085',
  '    vex: not_affected',
  '    vex: false_positive',
  '    vex: maybe',
  '    vex: "false_positive "',
  '    vex: [false_positive]',
  '    justification: code_not_reachable',
  '    justification: Code_Not_Reachable',
  '    justification: 7',
];

const whole = [
  '',
  '\n',
  '# nothing\n',
  '---\n',
  '---\n...\n',
  'ignores: []\n',
  'ignores: [] # none\n',
  'ignores: []\n---\nignores: []\n',
  'ignores:\n',
  'ignores: ~\n',
  'ignores:\n  - id: 1\n    reason: r\n...\n',
  'ignores:\n- id: 1\n  reason: r\n',
  'ignores:\n- id: 1\n',
  'ignores:\n- id: 1\n  owner: o\n- id: 2\n  reason: r\n',
  'ignores:\n- reason: r\n',
  'ignores:\n- app: web\n  reason: r\n',
  'ignores:\n  - id: 1\n    reason: r\n    id: 2\n',
  'ignores:\n  - id: 1\n    reason: r\n  - id: 1\n    reason: r\n',
  'ignores:\n  - id: 1\n    reason: r\nignores: []\n',
  'ignores:\n  - id: 1\n    reason: r\n    scope:\n      apps:\n      - a\n      compounds: [b]\n',
  'ignores:\n  - id: 1\n    reason: r\n    scope:\n      apps:\n      - a\n      apps: [b]\n',
  'ignores:\n  - id: 1\n    reason: r\n    scope:\n      apps:\n        - a\n       - b\n',
  'ignores:\n  - id: 1\n    reason: r\n    scope:\n    apps: [a]\n',
  'ignores:\n  -   id: 1\n      reason: r\n',
  'ignores:\n  -   id: 1\n    reason: r\n',
  '\ufeffignores:\n  - id: 1\n    reason: r\n',
  'ignores:\r\n  - id: 1\r\n    reason: r\r\n',
  'ignores:\r  - id: 1\r    reason: r\r',
  '{"ignores": [{"id": 1, "reason": "r"}]}',
  'ignores:\n  - id: 1\n    reason: "r"x\n',
  'ignores:\n  - id: 1\n    reason: r\n  # end\n',
  '  ignores:\n  - id: 1\n    reason: r\n',
  'ignores: \n  - id: 1\n    reason: r\n',
  'ignores:\n  - id: 1\n    reason: r\n\u0000',
  '--- \nignores: []\n',
  '---  # c\nignores: []\n',
  `ignores: []\n${'\n'.repeat(100_000)}`,
  `ignores: []\n${'\n'.repeat(99_990)}`,
];

const jsonTricky = [
  '{"ignores": []}',
  '{"ignores": [{"id": 1, "reason": "r"}]}\n',
  '\n\n{"ignores": [{"id": 1, "reason": "r"}]}\n\n',
  '  {"ignores": [{"id": 1,\n"reason": "r"}]}',
  '{"ignores": [{"id": 1, "reason": "r"},]}',
  '{"ignores": [{"id": 1, "reason": "r"}],}',
  '{"ignores" : [{"id" :1, "reason": "r"}]}',
  '{"ignores": [{"id":\n1, "reason": "r"}]}',
  '{"ignores": [{"id": 1 , "reason": "r"}]}',
  '{"ignores": [{"id" 1, "reason": "r"}]}',
  '{"ignores": [{"id": 1, "reason": "r"}]} # c',
  '{"ignores": [{"id": 1, "reason": "r"}]}\n{}',
  '{"ignores": [{"id": 1, "reason": "r", "id": 2}]}',
  '{"ignores": [{"id": 1, "reason": "r", "reasn": "typo"}]}',
  '{"ignores": [{"id": 1, "reason": "r"}], "other": 1}',
  '{"ignores": [{"id": 1.0, "reason": "r"}]}',
  '{"ignores": [{"id": -1, "reason": "r"}]}',
  '{"ignores": [{"id": 1e3, "reason": "r"}]}',
  '{"ignores": [{"id": 0x10, "reason": "r"}]}',
  '{"ignores": [{"id": 12345678901234567890, "reason": "r"}]}',
  '{"ignores": [{"id": null, "reason": "r"}]}',
  '{"ignores": [{"id": true, "reason": "r"}]}',
  '{"ignores": [{"id": 1, "reason": "a\\"b"}]}',
  '{"ignores": [{"id": 1, "reason": "\\u0041"}]}',
  '{"ignores": [{"id": 1, "reason": "a # b"}]}',
  '{"ignores": [{"id": 1, "reason": "a\nb"}]}',
  '{"ignores": [{"id": 1, "reason": "r", "scope": {"apps": ["a", 2]}}]}',
  '{"ignores": [{"id": 1, "reason": "r", "scope": {"apps": [["a"]]}}]}',
  '{"ignores": [{"id": 1, "reason": "r", "scope": {"apps": []}}]}',
  '{"ignores": [{"id": 1, "reason": "r", "scope": {}}]}',
  '{"ignores": [{"id": 1, "reason": "r", "expires": "2027-02-30"}]}',
  '{"ignores": [{"id": 1, "reason": "r", "vex": "not_affected", "justification": "code_not_present"}]}',
  '{"ignores": [{"id": 1, "reason": "r", "vex": "false_positive"}]}',
  '{"ignores": [{"id": 1, "reason": "r", "vex": "not_affected"}]}',
  '{"ignores": [{"id": 1, "reason": "r", "vex": 1}]}',
  '{"ignores": [{"id": 1, "reason": "r", "justification": "code_not_present"}]}',
  '{"ignores": [{"app": "w", "title": "/[/", "reason": "r"}]}',
  '{"ignores": [{"id": 1, "reason": "r"}, {"path": "**", "reason": "r"}]}',
  '{"ignores": {"id": 1}}',
  '{"ignores": [1, "a"]}',
  "{'ignores': [{'id': 1, 'reason': 'r'}]}",
  '{ignores: [{id: 1, reason: r}]}',
  '{"ignores": [{"id": 1, "reason": "r"}]',
  '{"ignores": [{"id": 1, "reason": "r"}]}}',
  '{"__proto__": [], "ignores": []}',
];

describe('the fast reader of ignore files, against the full path', () => {
  it('reads what realistic files hold, as the yaml package does', () => {
    let fast = 0;
    for (let seed = 1; seed <= 300; seed++) {
      const text = generate(seed);
      const taken = compare(text);
      // Every generated file is in the subset but those with a date that is none (refused on the full path).
      if (!text.includes('2027-02-30')) expect(taken, text).toBe(true);
      if (taken) fast++;
    }
    expect(fast).toBeGreaterThan(200);
  });

  it('gives the same data or the same error for files with a tricky line put in', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const r = random(seed * 7919);
      const lines = generate(seed).replaceAll('\r\n', '\n').split('\n');
      for (let k = 0; k < 1 + Math.floor(r() * 2); k++) {
        lines.splice(1 + Math.floor(r() * lines.length), 0, pick(r, tricky));
      }
      compare(lines.join('\n'));
    }
  });

  it.each(tricky.map((line) => [line]))('each tricky line in one entry: %j', (line) => {
    const text = `ignores:\n  - id: 1\n    app: web\n${line}\n    reason: r\n`;
    compare(text);
    compare(`ignores:\n- id: 2\n  reason: q\n- app: web\n${line.slice(2)}\n  reason: r\n`);
  });

  it.each(whole.map((text) => [text]))('whole file %j', (text) => {
    compare(text);
  });

  it('reads JSON files as the yaml package does (JSON is YAML)', () => {
    let fast = 0;
    for (let seed = 1; seed <= 150; seed++) {
      const text = generate(seed);
      if (text.includes('2027-02-30')) continue;
      const { data } = parseLined(text, 'f', false, 'hint');
      const json = JSON.stringify(data, null, pick(random(seed), [0, 1, 2, 4]));
      expect(compare(seed % 5 === 0 ? json.replaceAll('\n', '\r\n') : json), json).toBe(true);
      fast++;
    }
    expect(fast).toBeGreaterThan(80);
  });

  it.each(jsonTricky.map((text) => [text]))('JSON file %j', (text) => {
    compare(text);
  });

  it('is taken for a file of 2,000 entries such as the benchmark writes, with every line', () => {
    const lines = ['ignores:'];
    for (let i = 0; i < 2000; i++) {
      if (i % 20 < 16) {
        lines.push(`  - id: ${100000 + i}`, '    app: shiftleft-java-demo', `    reason: accepted risk ${i}`);
        if (i % 3 === 0) lines.push(`    expires: 2027-0${1 + (i % 9)}-15`);
      } else if (i % 20 < 18)
        lines.push(`  - path: src/generated/module-${i}/**`, `    reason: generated ${i}`);
      else if (i % 20 < 19)
        lines.push(`  - app: svc-${i}`, `    title: "Hard-coded credential ${i}*"`, '    reason: t');
      else
        lines.push(`  - package: pkg:npm/lib-${i}`, `    versions: "<${1 + (i % 5)}.0.0"`, '    reason: n');
    }
    const text = `${lines.join('\n')}\n`;
    expect(fastReadIgnores(text)?.lines.length).toBe(2000);
    expect(compare(text)).toBe(true);
  });
});
