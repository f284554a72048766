import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { allOperations } from '@secscan/api/operations';
import { createRouter } from '../../../packages/sandbox/src/router.js';
import { tagOperatorNames } from '@secscan/api/tag-operators';
import { findingTypes } from '@secscan/api/values';
import { repoRoot, sourceFiles } from '../../helpers/imports.js';

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

  it('an API client is made in one place, src/factory.ts (runs, completion values, sandbox wait)', () => {
    const makers = files.filter((f) => /new ApiClient\(/.test(text(f))).map(where);
    expect(makers.filter((f) => f.startsWith('src/'))).toEqual(['src/factory.ts']);
  });
});
