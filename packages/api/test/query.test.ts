import { describe, expect, it } from 'vitest';
import { allSchemas } from '../src/operations/schemas.js';
import { allOperations } from '../src/operations/index.js';
import { boolean, checkQuery, defineQuery, expectation, integer, oneOf, text } from '../src/query.js';

const decl = defineQuery({
  per_page: integer(1, 250),
  days: integer(1),
  no_members: boolean(),
  severity: oneOf(['low', 'high'], { repeatable: true }),
  source: text({ required: true }),
});
const check = (query: string) => checkQuery(decl, new URLSearchParams(query));

describe('checkQuery: a query string read by its declaration', () => {
  it('passes values of the declared types, an empty value, and names it does not declare', () => {
    expect(check('source=scan.1&per_page=250&days=9&no_members=TRUE&severity=low&severity=high')).toBe(
      undefined,
    );
    expect(check('source=scan.1&severity=low,high&per_page=&utm_source=mail')).toBe(undefined);
  });

  it.each([
    ['per_page=x', 'per_page', 'expected an integer from 1 to 250'],
    ['per_page=251', 'per_page', 'expected an integer from 1 to 250'],
    ['per_page=1.5', 'per_page', 'expected an integer from 1 to 250'],
    ['days=0', 'days', 'expected an integer, 1 or more'],
    ['no_members=yes', 'no_members', 'expected true or false'],
    ['severity=low&severity=severe', 'severity', 'expected one of low, high'],
    ['severity=low,severe', 'severity', 'expected one of low, high'],
  ])('refuses %s', (query, name, expected) => {
    expect(check(`source=scan.1&${query}`)).toEqual({ name, missing: false, expected });
  });

  it('closed, names the first name the declaration lacks, whatever its value', () => {
    const closed = (query: string) => checkQuery(decl, new URLSearchParams(query), { closed: true });
    expect(closed('source=scan.1&severity=low&per_page=')).toBe(undefined);
    expect(closed('source=scan.1&utm_source=mail&ng=')).toEqual({
      name: 'utm_source',
      missing: false,
      unknown: true,
      expected: 'not a parameter of this operation',
    });
    expect(closed('ng=&source=')?.name).toBe('ng');
  });

  it('names a required parameter left out', () => {
    expect(check('per_page=1')).toEqual({ name: 'source', missing: true, expected: 'required' });
    expect(check('source=')).toEqual({ name: 'source', missing: true, expected: 'required' });
  });

  it('says what each type expects', () => {
    expect(expectation(integer())).toBe('expected an integer');
    expect(expectation(integer(undefined, 9))).toBe('expected an integer, at most 9');
    expect(expectation(oneOf([1, 2]))).toBe('expected one of 1, 2');
  });
});

describe('the declarations of the table', () => {
  it('declare only what a query string can carry, for operations of the table', async () => {
    const schemas = await allSchemas();
    const ids = new Set(allOperations.map((op) => op.id));
    for (const [id, s] of Object.entries(schemas)) {
      expect(ids.has(id), id).toBe(true);
      for (const [name, param] of Object.entries(s.query ?? {})) {
        expect(name, `${id}: ${name}`).toMatch(/^[\w[\]-]+$/);
        if (param.type === 'enum') expect(param.values.length, `${id}: ${name}`).toBeGreaterThan(0);
      }
    }
  });
});
