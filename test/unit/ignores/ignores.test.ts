import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Finding } from '@secscan/api/schemas/findings';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, ExitCode } from '../../../src/errors.js';
import { findIgnoreFile } from '../../../src/ignores/discover.js';
import { describeEntry, isCalendarDate } from '../../../src/ignores/file.js';
import { readIgnoreFile } from '../../../src/ignores/full-read.js';
import { expiryNotices, suppressor } from '../../../src/ignores/match.js';
import {
  compareVersions,
  parsePurl,
  pathPattern,
  textPattern,
  versionRange,
} from '../../../src/ignores/patterns.js';
import { addDays, today } from '../../../src/util/today.js';

const finding = (over: Partial<Finding>): Finding =>
  ({
    id: '1',
    app: 'web',
    type: 'vuln',
    title: 'SQL Injection in login',
    category: 'SQL Injection',
    ...over,
  }) as Finding;

/** The error a file gives: its message (`file:line: reason`) and exit code. */
function refusal(text: string): { message: string; exit: number } {
  try {
    readIgnoreFile(text, '.secscan/ignore.yml');
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return { message: (error as Error).message, exit: (error as ConfigError).exitCode };
  }
  throw new Error('the file was accepted');
}

describe('readIgnoreFile: every problem at its line, exit 3', () => {
  it.each([
    ['an unknown key', 'ignores:\n  - id: 1\n    app: web\n    reasn: typo\n', 4, 'unknown key "reasn"'],
    ['no reason', 'ignores:\n  - id: 1\n    app: web\n', 2, 'reason'],
    ['an entry naming no finding', 'ignores:\n  - app: web\n    reason: r\n', 2, 'names no finding'],
    ['a category without its app', 'ignores:\n  - category: SQL*\n    reason: r\n', 2, 'needs the app'],
    [
      'a date that is none',
      'ignores:\n  - id: 1\n    reason: r\n    expires: 2027-02-30\n',
      4,
      'is not a date',
    ],
    [
      'a date in another form',
      'ignores:\n  - id: 1\n    reason: r\n    expires: 31/01/2027\n',
      4,
      'YYYY-MM-DD',
    ],
    [
      'a bad regular expression',
      'ignores:\n  - app: w\n    title: /[/\n    reason: r\n',
      3,
      'not a regular expression',
    ],
    ['a path matching every file', 'ignores:\n  - path: "**"\n    reason: r\n', 2, 'matches every file'],
    ['a package that is no PURL', 'ignores:\n  - package: lodash\n    reason: r\n', 2, 'not a package URL'],
    [
      'a version range that cannot be read',
      'ignores:\n  - package: pkg:npm/lodash\n    versions: "~> four"\n    reason: r\n',
      3,
      'cannot read',
    ],
    [
      'versions without a package',
      'ignores:\n  - id: 1\n    versions: "<2"\n    reason: r\n',
      3,
      'needs package',
    ],
    [
      'an unknown scope key',
      'ignores:\n  - id: 1\n    reason: r\n    scope:\n      teams: [a]\n',
      5,
      'unknown key',
    ],
    ['no ignores list', 'ignore:\n  - id: 1\n', 1, ''],
    [
      'a VEX state that is none',
      'ignores:\n  - id: 1\n    reason: r\n    vex: not_afected\n',
      4,
      'ignores[0].vex: expected not_affected or false_positive',
    ],
    [
      'not_affected without its justification',
      'ignores:\n  - id: 1\n    reason: r\n    vex: not_affected\n',
      4,
      'ignores[0].vex: not_affected needs a justification (justification: code_not_present, code_not_reachable,',
    ],
    [
      'a justification that is not CycloneDX’s',
      'ignores:\n  - id: 1\n    reason: r\n    vex: not_affected\n    justification: unused\n',
      5,
      'ignores[0].justification: expected one of code_not_present, code_not_reachable, requires_configuration,',
    ],
    [
      'a justification without vex',
      'ignores:\n  - id: 1\n    reason: r\n    justification: code_not_present\n',
      4,
      'ignores[0].justification: needs vex: not_affected (the state it justifies)',
    ],
    [
      'a justification of a false positive',
      'ignores:\n  - id: 1\n    reason: r\n    vex: false_positive\n    justification: code_not_present\n',
      5,
      'ignores[0].justification: goes with vex: not_affected only',
    ],
  ])('refuses %s', (_what, text, line, reason) => {
    const { message, exit } = refusal(text);
    expect(message).toMatch(new RegExp(`^\\.secscan/ignore\\.yml:${line}: `));
    expect(message).toContain(reason);
    expect(exit).toBe(ExitCode.config);
  });

  it('reads entries with their lines, and names them for lists', () => {
    const file = readIgnoreFile(
      [
        'ignores:',
        '  - id: 1234',
        '    app: payments-api',
        '    reason: validated upstream',
        '    owner: alice@example.com',
        '    expires: 2027-01-31',
        '  - app: web',
        '    category: Weak Hash',
        '    path: legacy/**',
        '    reason: removed in Q1',
        '',
      ].join('\n'),
      'ignore.yml',
    );
    expect(file.entries.map((e) => [e.line, e.id, e.expires])).toEqual([
      [2, '1234', '2027-01-31'],
      [7, undefined, undefined],
    ]);
    expect(file.entries.map(describeEntry)).toEqual([
      'payments-api #1234',
      'web: category Weak Hash, path legacy/**',
    ]);
  });

  it('reads the VEX an entry states, and hands it to what cites the entry', () => {
    const file = readIgnoreFile(
      [
        'ignores:',
        '  - package: pkg:golang/golang.org/x/net',
        '    reason: only the HTTP/2 client is used',
        '    vex: not_affected',
        '    justification: code_not_reachable',
        '  - id: 7',
        '    app: web',
        '    reason: not this package',
        '    vex: false_positive',
        '',
      ].join('\n'),
      'ignore.yml',
    );
    expect(file.entries.map((e) => [e.vex, e.justification])).toEqual([
      ['not_affected', 'code_not_reachable'],
      ['false_positive', undefined],
    ]);
    const s = suppressor(file, '2026-12-01');
    const dep = finding({
      id: '3',
      type: 'oss_vuln',
      tags: [{ key: 'package_url', value: 'pkg:golang/golang.org/x/net@0.7.0' }],
    });
    expect(s.mark(dep).suppression).toEqual({
      file: 'ignore.yml',
      line: 2,
      reason: 'only the HTTP/2 client is used',
      vex: 'not_affected',
      justification: 'code_not_reachable',
    });
  });

  it('a finding’s package URL with a bad percent-encoding matches no package entry (no crash)', () => {
    const file = readIgnoreFile('ignores:\n  - package: pkg:npm/lodash\n    reason: r\n', 'ignore.yml');
    const bad = finding({ type: 'oss_vuln', tags: [{ key: 'package_url', value: 'pkg:npm/lodash@%zz' }] });
    expect(suppressor(file, '2026-12-01').find(bad)).toBeUndefined();
    expect(parsePurl('pkg:npm/lodash@%zz')).toBeUndefined();
  });
});

describe('isCalendarDate: as a Date reads the day back, without one', () => {
  it('agrees with Date on every day form of years around the leap rules, and on days that are none', () => {
    const viaDate = (date: string) => {
      const parsed = new Date(`${date}T00:00:00Z`);
      return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === date;
    };
    const pad = (n: number, w: number) => String(n).padStart(w, '0');
    for (const year of [0, 4, 100, 400, 1582, 1900, 1999, 2000, 2024, 2025, 2100, 2400, 9999]) {
      for (let month = 0; month <= 13; month++) {
        for (let day = 0; day <= 32; day++) {
          const date = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
          expect([date, isCalendarDate(date)]).toEqual([date, viaDate(date)]);
        }
      }
    }
    for (const date of ['2027-99-01', '2027-00-00', '2027-02-30', '2028-02-29', '2027-02-29']) {
      expect([date, isCalendarDate(date)]).toEqual([date, viaDate(date)]);
    }
  });
});

describe('patterns', () => {
  it('text: a glob over the whole text, any case; /REGEX/ searched for', () => {
    expect(textPattern('sql*')('SQL Injection')).toBe(true);
    expect(textPattern('sql')('SQL Injection')).toBe(false);
    expect(textPattern('Weak ?ash')('weak hash')).toBe(true);
    expect(textPattern('/inject/i')('SQL Injection')).toBe(true);
    expect(textPattern('/^inject/i')('SQL Injection')).toBe(false);
    expect(() => textPattern('/x/g')).toThrow('the only flag');
  });

  it('path: * within a name, ** across directories, a trailing / for a directory, a bare name anywhere', () => {
    expect(pathPattern('legacy/**')('legacy/a/b.js')).toBe(true);
    expect(pathPattern('legacy/**')('src/legacy/b.js')).toBe(false);
    expect(pathPattern('src/*.js')('src/a.js')).toBe(true);
    expect(pathPattern('src/*.js')('src/lib/a.js')).toBe(false);
    expect(pathPattern('src/**/*.js')('src/a.js')).toBe(true);
    expect(pathPattern('vendor/')('vendor/x/y.go')).toBe(true);
    expect(pathPattern('server.js')('src/server.js')).toBe(true);
    expect(pathPattern('./src/**')('src\\win\\a.cs')).toBe(true);
  });

  it('globs match as before, in steps bounded by their lengths (no backtracking blow-up)', () => {
    // 30 stars against long text: a regular expression backtracks for hours; this returns at once.
    const stars = `${'*a'.repeat(30)}*b`;
    const long = 'a'.repeat(5000);
    expect(textPattern(stars)(long)).toBe(false);
    expect(textPattern(stars)(`${long}b`)).toBe(true);
    const deep = `${'**/'.repeat(30)}*.js`;
    expect(pathPattern(deep)(`${'a/'.repeat(2000)}x.ts`)).toBe(false);
    expect(pathPattern(deep)(`${'a/'.repeat(2000)}x.js`)).toBe(true);
    const names = `${'*a*/'.repeat(12)}b`;
    expect(pathPattern(names)(`${'aaaaaaaaaaaaaaaaaaaa/'.repeat(40)}c`)).toBe(false);
    // The semantics of before.
    expect(textPattern('*injection*')('SQL\nInjection here')).toBe(true);
    expect(textPattern('a?c')('abc')).toBe(true);
    expect(textPattern('a?c')('ac')).toBe(false);
    expect(pathPattern('legacy/**')('legacy')).toBe(true);
    expect(pathPattern('src/a.js')('src/a.js/')).toBe(true);
    expect(pathPattern('src/**/b/*.js')('src/x/y/b/c.js')).toBe(true);
    expect(pathPattern('src/**/b/*.js')('src/x/y/b/d/c.js')).toBe(false);
    expect(pathPattern('src/*.JS')('src/a.js')).toBe(false);
    expect(pathPattern('a?c/x')('abc/x')).toBe(true);
    expect(pathPattern('a?c/x')('a/c/x')).toBe(false);
    expect(pathPattern('*.min.js')('deep/er/app.min.js')).toBe(true);
  });

  it('package: a PURL compared without qualifiers; versions a range', () => {
    expect(parsePurl('pkg:npm/%40babel/core@7.1.0?arch=x')).toEqual({
      key: 'npm/@babel/core',
      version: '7.1.0',
    });
    expect(parsePurl('pkg:maven/org.apache/log4j')).toEqual({
      key: 'maven/org.apache/log4j',
      version: undefined,
    });
    expect(parsePurl('lodash')).toBeUndefined();
    expect(compareVersions('1.10.0', '1.9.9')).toBe(1);
    expect(compareVersions('2.0.0-rc1', '2.0.0')).toBe(-1);
    const range = versionRange('>=2.0 <2.17.1 || =1.2.3');
    expect(['2.0', '2.17.0', '1.2.3', '2.17.1', '1.9'].map(range)).toEqual([true, true, true, false, false]);
  });
});

describe('suppressor: what suppresses a finding, and when it stops', () => {
  const file = readIgnoreFile(
    [
      'ignores:',
      '  - id: 7',
      '    app: api',
      '    reason: accepted',
      '    expires: 2027-01-31',
      '  - app: web',
      '    category: sql*',
      '    path: src/**',
      '    reason: legacy',
      '    expires: 2026-11-01',
      '  - package: pkg:golang/github.com/sirupsen/logrus',
      '    versions: "<2.15"',
      '    reason: not reachable',
      '    scope: {compounds: [shop]}',
      '',
    ].join('\n'),
    '.secscan/ignore.yml',
  );
  const located = finding({ details: { file_locations: ['src/db.js:12'] } } as Partial<Finding>);
  const dependency = finding({
    app: 'api',
    id: '9',
    type: 'oss_vuln',
    tags: [{ key: 'package_url', value: 'pkg:golang/github.com/sirupsen/logrus@2.14.1' }],
  } as Partial<Finding>);

  it('an id matches in its app only', () => {
    const s = suppressor(file, '2026-12-01');
    expect(s.find(finding({ app: 'api', id: '7' }))?.line).toBe(2);
    expect(s.find(finding({ app: 'web', id: '7' }))).toBeUndefined();
  });

  it('an entry stops suppressing on its expiry date; the gate says so, a line a date', () => {
    expect(suppressor(file, '2026-10-31').find(located)?.line).toBe(6);
    const s = suppressor(file, '2026-11-01');
    expect(s.find(located)).toBeUndefined();
    expect(s.findExpired(located)?.line).toBe(6);
    expect(s.mark(located)).toMatchObject({ suppressed: false });
    expect(expiryNotices(file, s.expired)).toEqual([
      '1 suppression expired on 2026-11-01; its findings count again (.secscan/ignore.yml:6)',
    ]);
    expect(expiryNotices(file, suppressor(file, '2027-02-01').expired)).toEqual([
      '1 suppression expired on 2026-11-01; its findings count again (.secscan/ignore.yml:6)',
      '1 suppression expired on 2027-01-31; its findings count again (.secscan/ignore.yml:2)',
    ]);
  });

  it('a scoped package entry applies in its compound, to the versions of its range', () => {
    expect(suppressor(file, '2026-12-01').find(dependency)).toBeUndefined();
    const inShop = suppressor(file, '2026-12-01', { compound: 'shop' });
    expect(inShop.mark(dependency)).toMatchObject({
      suppressed: true,
      suppression: { file: '.secscan/ignore.yml', line: 11, reason: 'not reachable' },
    });
    const newer = {
      ...dependency,
      tags: [{ key: 'package_url', value: 'pkg:golang/github.com/sirupsen/logrus@2.15.0' }],
    } as Finding;
    expect(inShop.find(newer)).toBeUndefined();
  });
});

describe('suppressor: the index gives the entry a linear search would', () => {
  /** A seeded generator (mulberry32), so a failure names a seed that reproduces it. */
  const random = (seed: number) => () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const apps = ['web', 'api', 'svc-1'];
  const dirs = ['src', 'lib', 'test', './src', '/src', 'src\\win'];
  const subs = ['main', 'gen', 'db', 'x'];
  const paths = [
    'src/**',
    'src/gen/**',
    'src/*.js',
    '**/db.js',
    'lib/x/*',
    's*c/main/**',
    'test',
    'src/main/db.js',
    'src/',
    '*/gen/**',
  ];
  const packages = ['pkg:npm/lodash', 'pkg:npm/lodash@4.17.20', 'pkg:maven/org.x/y', 'pkg:npm/left-pad'];
  const ids = ['1', '2', '3', '7'];

  function entry(r: () => number, i: number): string[] {
    const pick = <T>(list: readonly T[]) => list[Math.floor(r() * list.length)] as T;
    const lines: string[] = [];
    const kind = Math.floor(r() * 5);
    if (kind === 0) lines.push(`  - id: ${pick(ids)}`, ...(r() < 0.7 ? [`    app: ${pick(apps)}`] : []));
    else if (kind === 1) {
      const pkg = pick(packages);
      lines.push(`  - package: "${pkg}"`, ...(!pkg.includes('@') && r() < 0.5 ? ['    versions: "<5"'] : []));
    } else if (kind === 2)
      lines.push(`  - app: ${pick(apps)}`, `    title: "${pick(['SQL*', '*login', 'XSS*'])}"`);
    else lines.push(`  - path: "${pick(paths)}"`, ...(r() < 0.3 ? [`    app: ${pick(apps)}`] : []));
    if (r() < 0.3) lines.push(`    path: "${pick(paths)}"`);
    if (r() < 0.2) lines.push(`    scope: {apps: [${pick(apps)}]}`);
    if (r() < 0.2) lines.push(`    expires: 2026-1${Math.floor(r() * 3)}-15`);
    lines.push(`    reason: r${i}`);
    // A key given twice is refused: keep the first path only.
    const seen = new Set<string>();
    return lines.filter((l) => {
      const key = /^ {2}(?:- | {2})(\w+):/.exec(l)?.[1] ?? l;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }

  it('on random files and findings (seeds 1-40)', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const r = random(seed);
      const pick = <T>(list: readonly T[]) => list[Math.floor(r() * list.length)] as T;
      const text = ['ignores:', ...Array.from({ length: 30 }, (_, i) => entry(r, i)).flat(), ''].join('\n');
      const file = readIgnoreFile(text, 'ignore.yml');
      const context = r() < 0.5 ? {} : { compound: 'shop' };
      const s = suppressor(file, '2026-11-01', context);
      const linear = (f: Finding, expired: boolean) =>
        file.entries.find(
          (e) =>
            (e.expires !== undefined && e.expires <= '2026-11-01') === expired &&
            (!e.scope || (f.app !== undefined && e.scope.apps?.includes(f.app))) &&
            e.matches(f),
        );
      for (let k = 0; k < 60; k++) {
        const f = finding({
          id: pick(ids),
          app: pick(apps),
          title: pick(['SQL Injection in login', 'XSS in search', 'Weak hash']),
          details: { file_locations: [`${pick(dirs)}/${pick(subs)}/${pick(['db.js', 'a.ts'])}:3`] },
          tags:
            r() < 0.5
              ? [
                  {
                    key: 'package_url',
                    value: `${pick(packages).replace(/@.*/, '')}@${pick(['4.17.20', '1.0.0', '6.1'])}`,
                  },
                ]
              : [],
        } as Partial<Finding>);
        expect(s.find(f)?.index, `seed ${seed}`).toBe(linear(f, false)?.index);
        expect(s.findExpired(f)?.index, `seed ${seed}`).toBe(linear(f, true)?.index);
      }
    }
  });
});

describe('today: SECSCAN_NOW stands in for the clock (tests only)', () => {
  it('takes a date or a time, refuses anything else, else the clock', () => {
    expect(today({ SECSCAN_NOW: '2027-01-31' })).toBe('2027-01-31');
    expect(today({ SECSCAN_NOW: '2027-01-31T23:30:00-02:00' })).toBe('2027-02-01');
    expect(() => today({ SECSCAN_NOW: 'tomorrow' })).toThrow(ConfigError);
    expect(today({}, () => Date.parse('2026-05-06T10:00:00Z'))).toBe('2026-05-06');
    expect(addDays('2027-01-31', 14)).toBe('2027-02-14');
  });
});

describe('findIgnoreFile: from the working directory up to the repository root', () => {
  const root = mkdtempSync(join(tmpdir(), 'secscan-ignores-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('finds the nearest file, and looks no higher than the repository', () => {
    const repo = join(root, 'outer', 'repo');
    mkdirSync(join(repo, '.git'), { recursive: true });
    mkdirSync(join(repo, 'a', 'b'), { recursive: true });
    mkdirSync(join(root, 'outer', '.secscan'), { recursive: true });
    writeFileSync(join(root, 'outer', '.secscan', 'ignore.yml'), 'ignores: []\n');
    expect(findIgnoreFile(join(repo, 'a', 'b'))).toBeUndefined();
    mkdirSync(join(repo, '.secscan'));
    writeFileSync(join(repo, '.secscan', 'ignore.yml'), 'ignores: []\n');
    expect(findIgnoreFile(join(repo, 'a', 'b'))).toBe(join('..', '..', '.secscan', 'ignore.yml'));
    expect(findIgnoreFile(repo)).toBe(join('.secscan', 'ignore.yml'));
  });
});
