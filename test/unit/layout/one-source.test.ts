import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { allOperations } from '@secscan/api/operations';
import { createRouter } from '../../../packages/sandbox/src/router.js';
import { tagOperatorNames } from '@secscan/api/tag-operators';
import { findingTypes } from '@secscan/api/values';
import { repoRoot, sourceFiles } from '../../helpers/imports.js';
import { baseFormatNames } from '../../../src/output/base/index.js';
import { reportFormatNames } from '../../../src/output/formats/reports.js';
import { compareDocument } from '../../../src/output/export/compare.js';
import { findingsDocument } from '../../../src/output/export/findings.js';
import { gateDocument, notEvaluatedDocument } from '../../../src/output/export/gate.js';
import { type AnySpec, formatsOf } from '../../../src/output/export/spec.js';
import * as texts from '../../../src/output/export/texts.js';
import { trendsDocument } from '../../../src/output/trends/exporters.js';

/**
 * A fact of the table or of the constants module is written once: these fail when a second copy appears
 * in the sources or the tests (a method with a path of the table, a list of finding types or of tag
 * operators, the list of read commands), so it cannot drift from the first.
 */
const files = sourceFiles([
  'src',
  'packages/api/src',
  'packages/sandbox/src',
  'packages/api/test',
  'packages/sandbox/test',
  'test',
  'bench',
  'scripts',
]);
const text = (file: string) => readFileSync(file, 'utf8');
const where = (file: string) => relative(repoRoot, file);
const route = createRouter(allOperations);
/** This file, whose examples are copies on purpose. */
const self = fileURLToPath(import.meta.url);

/** Method and path literals side by side (`'PUT', '/orgs/{org}/...'`, `'GET', /\/rbac\/teams$/`). */
const methodAndPath = /(['"])(GET|PUT|POST|PATCH|DELETE)\1\s*,\s*(?:(['"`])(\/[^'"`\n]*)\3|(\/\\\/))/g;

/** The lists of formats the registries hold: the base formats, the reports, and each document's. */
const specs: AnySpec[] = [
  findingsDocument,
  gateDocument,
  notEvaluatedDocument,
  compareDocument,
  trendsDocument,
  ...Object.values(texts as Record<string, unknown>).filter(
    (v): v is AnySpec => typeof v === 'object' && v !== null && 'rows' in v,
  ),
];
const formatLists: (readonly string[])[] = [
  baseFormatNames,
  reportFormatNames,
  // A document's formats (three of them are also what --fields picks keys in: not a copy of the access file's).
  ...specs.map((spec) => formatsOf(spec)).filter((list) => list.length >= 4),
  ...specs.map((spec) => Object.keys(spec.reports)).filter((list) => list.length >= 3),
];
const formatNames = [...baseFormatNames, ...reportFormatNames];
/** Three names or more in a row: `'table', 'tsv'`, `table, tsv and csv`, `-o sarif|junit`, `` `csv`, `tsv` ``. */
const formatRun = (() => {
  const name = `[\`'"]?(?:-o )?(?:${formatNames.join('|')})\\b[\`'"]?`;
  const sep = '(?:\\s*[,|/]\\s*|\\s+and\\s+|\\s+or\\s+)';
  return new RegExp(`${name}(?:${sep}${name}){2,}`, 'g');
})();

/**
 * Lists of formats written by hand: a run of names that holds one of the registries' lists whole (all the
 * base formats, a document's reports), or five names or more. A few chosen for a purpose (the benchmarks'
 * cases, a test of three formats) are not a copy.
 */
export function formatCopies(file: string, source: string): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(formatRun)) {
    const names = new Set(m[0].match(new RegExp(`(?<![\\w-])(${formatNames.join('|')})(?![\\w-])`, 'g')));
    const whole = formatLists.find((list) => list.every((n) => names.has(n)));
    if (!whole && names.size < 5) continue;
    const line = source.slice(0, m.index).split('\n').length;
    found.push(`${file}:${line}: ${[...names].join(', ')}${whole ? ` (a copy of ${whole.join(', ')})` : ''}`);
  }
  return found;
}

export function tableCopies(file: string, source: string): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(methodAndPath)) {
    const before = source.slice(Math.max(0, (m.index ?? 0) - 40), m.index);
    // `secscan api METHOD PATH`: the user's own words, under test.
    if (/['"]api['"],\s*$/.test(before)) continue;
    const line = source.slice(0, m.index).split('\n').length;
    if (m[5]) {
      found.push(`${file}:${line}: ${m[2]} with a path pattern (route by operationId instead)`);
      continue;
    }
    const path = (m[4] as string).replace(/\$\{[^}]*\}|\{[^}]*\}/g, 'x').replace(/\?.*$/, '');
    const match = route(m[2] as string, path);
    if (match.kind === 'found') found.push(`${file}:${line}: ${m[2]} ${m[4]} is ${match.op.id} of the table`);
    if (match.kind === 'method') {
      found.push(
        `${file}:${line}: ${m[4]} is a path of the table, for ${match.allowed.join(', ')}, not ${m[2]}`,
      );
    }
  }
  return found;
}

describe('one source for each fact', () => {
  it('a method and path of the table are written only in the table (packages/api/src/operations)', () => {
    // src/providers speaks the code hosts' APIs (GitHub's `GET /user` is not the service's ReadUser).
    const copies = files
      .filter((f) => !/^(packages\/api\/src\/operations|src\/providers)\//.test(where(f)) && f !== self)
      .flatMap((f) => tableCopies(where(f), text(f)));
    expect(copies).toEqual([]);
  });

  it('would find the copies it exists to find', () => {
    expect(
      tableCopies('x.ts', "['SetAppFindingStatus', 'POST', '/orgs/{org}/apps/{app}/findings/{n}/status']"),
    ).toEqual([
      'x.ts:1: /orgs/{org}/apps/{app}/findings/{n}/status is a path of the table, for PUT, not POST',
    ]);
    expect(tableCopies('x.ts', "['CreateToken', 'POST', '/orgs/{org}/tokens']")).toEqual([
      'x.ts:1: POST /orgs/{org}/tokens is CreateToken of the table',
    ]);
    expect(tableCopies('x.ts', "['GET', /\\/rbac\\/teams$/, reply]")).toHaveLength(1);
    expect(tableCopies('x.ts', "request(s, 'GET', `/orgs/${id}/apps`)")).toHaveLength(1);
    expect(tableCopies('x.ts', "request(s, 'GET', `/orgs/${id}/no-such-thing`)")).toEqual([]);
    expect(tableCopies('x.ts', "['api', 'GET', '/orgs/{orgID}/scopes']")).toEqual([]);
  });

  it('finding types are listed only in @secscan/api/values (a test may name a few of them)', () => {
    const literal = `'(?:${findingTypes.join('|')}|package)'`;
    const list = new RegExp(`(?:${literal}[\\s,|]*){6,}`);
    const lists = files
      .filter((f) => list.test(text(f)))
      .map(where)
      // The published declarations stand alone (no import): start-sandbox.test.ts checks the type equals allFindingTypes.
      .filter((f) => f !== 'packages/sandbox/src/index.ts' && f !== 'packages/api/src/values.ts');
    expect(lists).toEqual([]);
  });

  it('tag operators are listed only in @secscan/api/tag-operators (the sandbox implements each, typed by it)', () => {
    const others = tagOperatorNames.filter((n) => !['in', 'lt', 'gt', 'eq', 'has'].includes(n));
    const lists = files
      .filter((f) => others.filter((n) => new RegExp(`\\b${n}\\b`).test(text(f))).length >= 4)
      .map(where)
      .filter(
        (f) =>
          f !== 'packages/api/src/tag-operators.ts' &&
          f !== 'packages/sandbox/src/analysis/findings-filter.ts',
      );
    expect(lists).toEqual([]);
  });

  it('the read commands are listed once, in test/helpers/read-commands.ts', () => {
    const start = /\['whoami'\],\s*\['auth', 'status'\],|'auth status': \[\[\]\],\s*whoami: \[\[\]\],/;
    expect(files.filter((f) => start.test(text(f))).map(where)).toEqual(['test/helpers/read-commands.ts']);
  });

  it('formats are listed only by their registries (src/output/base/index.ts, src/output/formats/reports.ts, the documents)', () => {
    const docs = [
      'README.md',
      'CONTRIBUTING.md',
      ...readdirSync(join(repoRoot, 'docs/guide')).map((f) => `docs/guide/${f}`),
    ];
    const scripts = ['bench', 'scripts', 'scripts/docs'].flatMap((dir) =>
      readdirSync(join(repoRoot, dir))
        .filter((f) => f.endsWith('.mjs'))
        .map((f) => `${dir}/${f}`),
    );
    const registries = ['src/output/base/index.ts', 'src/output/formats/reports.ts'];
    const copies = [...files.map(where), ...docs, ...scripts]
      .filter((f) => f !== where(self) && !registries.includes(f))
      .flatMap((f) => formatCopies(f, text(join(repoRoot, f))));
    expect(copies).toEqual([]);
  });

  it('would find the lists of formats it exists to find', () => {
    expect(
      formatCopies('x.ts', "const formats = ['table', 'tsv', 'json', 'ndjson', 'yaml', 'csv'];"),
    ).toHaveLength(1);
    expect(formatCopies('x.md', '- `-o table|tsv|json|ndjson|yaml|csv`')).toHaveLength(1);
    expect(formatCopies('x.ts', "'(choose from table, tsv, json, yaml, csv)'")).toHaveLength(1);
    expect(formatCopies('x.md', '`-o sarif`, `codequality`, `gitlab-sast`')).toEqual([
      'x.md:1: sarif, codequality, gitlab-sast (a copy of sarif, codequality, gitlab-sast)',
    ]);
    expect(formatCopies('x.mjs', "const cases = 'ndjson,json,sarif,table';")).toEqual([]);
    expect(formatCopies('x.ts', "it.each(['json', 'ndjson', 'yaml'])")).toEqual([]);
  });

  it('the gate’s verdict is decided in one place, verdictOf of src/gate/report.ts (the recount reads it)', () => {
    // A result from the numbers (`over > 0 ? 'fail' : 'pass'`), the gate's from the rules' results.
    const decides = /> 0 \? 'fail' : 'pass'|\.every\(\(\w+\) => \w+\.result === 'pass'\)/;
    const deciding = files.filter((f) => where(f).startsWith('src/') && decides.test(text(f))).map(where);
    expect(deciding).toEqual(['src/gate/report.ts']);
  });

  it('an API client is made in one place, src/factory.ts (runs, completion values, sandbox wait)', () => {
    const makers = files.filter((f) => /new ApiClient\(/.test(text(f))).map(where);
    expect(makers.filter((f) => f.startsWith('src/'))).toEqual(['src/factory.ts']);
  });
});
