import { describe, expect, it } from 'vitest';
import type { Operation } from '@secscan/api/operation';
import { operations } from '@secscan/api/operations';
import { schemasOf } from '@secscan/api/operations/schemas';
import { nullAt, pathPattern, shapedPaths } from '../../helpers/schema-paths.js';

/**
 * Issue 18, item 1: `null` where a list, an object or a map is due is a wrong shape (exit 8), never an empty
 * one. Every such place of every response schema, found by walking the schemas, is checked here; the
 * commands' answers are checked end to end in test/e2e/null-answers*.test.ts.
 */
const places = await Promise.all(
  Object.values(operations).map(async (op) => {
    const { response } = await schemasOf(op as Operation);
    return response ? shapedPaths(response).map((place) => ({ op: op.id, ...place })) : [];
  }),
).then((all) => all.flat());

describe('no response schema reads null as a list, an object or a map', () => {
  it('finds the places to check (a walk that found nothing would check nothing)', () => {
    expect(places.length).toBeGreaterThan(300);
    expect(places.map((p) => `${p.op} ${p.path}`)).toEqual(
      expect.arrayContaining([
        'ListScansCompare new',
        'ListScansCompare fixed',
        'ListScansCompare common',
        'CheckScans rules{}.findings',
        'ListAppFindings findings[].tags',
        'ReadTeam users',
      ]),
    );
  });

  it.each(places.map((p) => [`${p.op} ${p.path || '(the payload)'} (${p.kind})`, p] as const))(
    '%s',
    (_, place) => {
      expect(place.schema.safeParse(null).success).toBe(false);
    },
  );
});

describe('the helpers the end-to-end cases use', () => {
  it('nullAt sets every place a path names, the last key even when absent', () => {
    const answer = { findings: [{ id: 1, tags: [] }, { id: 2 }], rules: { a: { n: 1 }, b: { n: 2 } } };
    expect(nullAt(answer, 'findings[].tags')).toBe(2);
    expect(nullAt(answer, 'rules{}.findings')).toBe(2);
    expect(answer).toEqual({
      findings: [
        { id: 1, tags: null },
        { id: 2, tags: null },
      ],
      rules: { a: { n: 1, findings: null }, b: { n: 2, findings: null } },
    });
    expect(nullAt({ findings: [] }, 'findings[].tags')).toBe(0);
  });

  it('pathPattern matches the path an error names', () => {
    expect(new RegExp(`^${pathPattern('findings[].tags')}$`).test('findings.12.tags')).toBe(true);
    expect(new RegExp(`^${pathPattern('rules{}.findings')}$`).test('rules.no-critical.findings')).toBe(true);
    expect(new RegExp(`^${pathPattern('a.b')}$`).test('aXb')).toBe(false);
  });
});
