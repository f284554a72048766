import { allSchemas } from '@secscan/api/operations/schemas';
import { FindingsPage } from '@secscan/api/schemas/findings';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { checkInPlace } from '../../../src/api/in-place.js';

/** A seeded generator (mulberry32): the same values on every run. */
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

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  options?: z.ZodType[];
  valueType?: z.ZodType;
  getter?: () => z.ZodType;
  in?: z.ZodType;
  values?: unknown[];
  entries?: Record<string, unknown>;
};
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** Any JSON value, small. */
function anyJson(rnd: () => number, depth = 0): unknown {
  const pick = Math.floor(rnd() * (depth > 1 ? 5 : 7));
  const key = () => ['id', 'name', '__proto__', 'extra', 'value', 'x'][Math.floor(rnd() * 6)] as string;
  switch (pick) {
    case 0:
      return null;
    case 1:
      return rnd() < 0.5;
    case 2:
      return Math.floor(rnd() * 2000) - 1000 + (rnd() < 0.3 ? 0.5 : 0);
    case 3:
      return ['', 'a', 'high', '1', 'true', 'x'.repeat(40)][Math.floor(rnd() * 6)];
    case 4:
      return 'text';
    case 5:
      return Array.from({ length: Math.floor(rnd() * 3) }, () => anyJson(rnd, depth + 1));
    default:
      return JSON.parse(
        JSON.stringify(Object.fromEntries(Array.from({ length: 2 }, () => [key(), anyJson(rnd, depth + 1)]))),
      ) as unknown;
  }
}

/**
 * A value for `schema`, mostly of its shape: now and then a key left out, an extra key (`__proto__` too),
 * a value of another type. JSON as an answer holds it (parsed from text, as the client reads answers).
 */
function sample(schema: z.ZodType, rnd: () => number, depth = 0): unknown {
  if (rnd() < 0.04 || depth > 6) return anyJson(rnd);
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return ['', 'a', 'high', 'abc-123', '2026-01-01T00:00:00Z', 'pkg:npm/a@1'][Math.floor(rnd() * 6)];
    case 'number':
      return rnd() < 0.8 ? Math.floor(rnd() * 100) : rnd() * 10 - 5;
    case 'boolean':
      return rnd() < 0.5;
    case 'null':
      return null;
    case 'literal':
      return (def.values ?? [])[Math.floor(rnd() * (def.values?.length ?? 1))];
    case 'enum': {
      const values = Object.values(def.entries ?? {});
      return values[Math.floor(rnd() * values.length)];
    }
    case 'optional':
      return rnd() < 0.2 ? undefined : sample(def.innerType as z.ZodType, rnd, depth + 1);
    case 'nullable':
      return rnd() < 0.2 ? null : sample(def.innerType as z.ZodType, rnd, depth + 1);
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return rnd() < 0.2 ? undefined : sample(def.innerType as z.ZodType, rnd, depth + 1);
    case 'pipe':
      return sample(def.in as z.ZodType, rnd, depth + 1);
    case 'array':
      return Array.from({ length: Math.floor(rnd() * 3) }, () =>
        sample(def.element as z.ZodType, rnd, depth + 1),
      );
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(def.shape ?? {})) {
        if (rnd() < 0.1) continue;
        const value = sample(field, rnd, depth + 1);
        if (value !== undefined) out[key] = value;
      }
      if (rnd() < 0.15) out[rnd() < 0.2 ? '__proto__' : 'not_in_the_schema'] = anyJson(rnd);
      return out;
    }
    case 'record':
      return Object.fromEntries(
        Array.from({ length: Math.floor(rnd() * 3) }, (_, i) => [
          `k${i}`,
          sample(def.valueType as z.ZodType, rnd, depth + 1),
        ]),
      );
    case 'union': {
      const options = def.options ?? [];
      return sample(options[Math.floor(rnd() * options.length)] as z.ZodType, rnd, depth + 1);
    }
    case 'lazy':
      return sample((def.getter as () => z.ZodType)(), rnd, depth + 1);
    default:
      return anyJson(rnd);
  }
}

/** The property: in place only where zod accepts and returns the same value (keys in any order). */
function agrees(schema: z.ZodType, value: unknown): { inPlace: boolean } {
  const inPlace = checkInPlace(schema, value);
  if (inPlace) {
    const parsed = schema.safeParse(value);
    expect(parsed.success).toBe(true);
    expect(parsed.success && parsed.data).toStrictEqual(value);
  }
  return { inPlace };
}

describe('checkInPlace', () => {
  it('accepts a value only where zod returns that value, for every response schema of the API', async () => {
    const schemas = Object.entries(await allSchemas()).filter(([, s]) => s.response);
    expect(schemas.length).toBeGreaterThan(100);
    const rnd = random(33);
    let accepted = 0;
    let tried = 0;
    for (const [, { response }] of schemas) {
      for (let i = 0; i < 60; i++) {
        const text = JSON.stringify(sample(response as z.ZodType, rnd));
        const value = text === undefined ? undefined : (JSON.parse(text) as unknown);
        tried++;
        if (agrees(response as z.ZodType, value).inPlace) accepted++;
      }
    }
    // The check reads most answers; a change that made it refuse them all would pass the property above.
    expect(accepted / tried).toBeGreaterThan(0.3);
  });

  it('reads a page of findings in place (the listing it exists for)', () => {
    const finding = {
      id: '1',
      app: 'shop',
      type: 'vuln',
      internal_id: 'x/1',
      title: 'SQL injection',
      severity: 'critical',
      details: { file_locations: ['a.java:3'] },
      tags: [
        { key: 'cvss_score', value: 9.8 },
        { key: 'language', value: 'java' },
      ],
      scan_first_seen: '7',
    };
    const page = { has_more: true, scan: { id: '7', app: 'shop', version: 'v', successful: true } };
    expect(checkInPlace(FindingsPage, { ...page, findings: [finding, finding] })).toBe(true);
    expect(checkInPlace(FindingsPage, { ...page, findings: null })).toBe(false);
    expect(checkInPlace(FindingsPage, { ...page, findings: [{ ...finding, id: 1 }] })).toBe(false);
    expect(checkInPlace(FindingsPage, { ...page, findings: [{ ...finding, tags: [{ key: 'k' }] }] })).toBe(
      false,
    );
  });

  it('leaves to zod what zod changes or may refuse otherwise', () => {
    const strip = z.object({ a: z.string() });
    expect(checkInPlace(strip, { a: 'x' })).toBe(true);
    // zod drops a key the object does not name: its output is not the input.
    expect(checkInPlace(strip, { a: 'x', b: 1 })).toBe(false);
    expect(checkInPlace(z.strictObject({ a: z.string() }), { a: 'x', b: 1 })).toBe(false);
    expect(checkInPlace(z.looseObject({ a: z.string() }), { a: 'x', b: 1 })).toBe(true);
    // An own __proto__ key (JSON.parse makes one) is left out of zod's output.
    expect(checkInPlace(z.looseObject({}), JSON.parse('{"__proto__":{"polluted":1}}'))).toBe(false);
    expect(checkInPlace(z.looseObject({ a: z.string().default('d') }), {})).toBe(false);
    expect(checkInPlace(z.looseObject({ a: z.string().default('d') }), { a: 'x' })).toBe(false);
    expect(
      checkInPlace(
        z.string().transform((s) => s.length),
        'abc',
      ),
    ).toBe(false);
    expect(checkInPlace(z.string().trim(), ' a ')).toBe(false);
    expect(checkInPlace(z.string().trim(), 'a')).toBe(true);
    expect(checkInPlace(z.string().min(2), 'a')).toBe(false);
    expect(checkInPlace(z.array(z.string()).min(1), ['a'])).toBe(false);
    expect(checkInPlace(z.number(), Number.POSITIVE_INFINITY)).toBe(false);
    expect(checkInPlace(z.int(), 1.5)).toBe(false);
    expect(checkInPlace(z.int(), 2)).toBe(true);
    expect(checkInPlace(z.email(), 'not an address')).toBe(false);
    expect(checkInPlace(z.uuid(), 'a')).toBe(false);
    expect(checkInPlace(z.looseObject({ id: z.uuid() }), { id: 'a' })).toBe(false);
    expect(checkInPlace(z.enum(['a', 'b']), 'b')).toBe(true);
    expect(checkInPlace(z.enum(['a', 'b']), 'c')).toBe(false);
    expect(checkInPlace(z.record(z.string(), z.number()), { a: 1 })).toBe(true);
    expect(checkInPlace(z.record(z.enum(['a']), z.number()), { a: 1 })).toBe(false);
    // A union of parts that each say exactly whether they accept; one that does not is left to zod.
    expect(checkInPlace(z.union([z.string(), z.number()]), 1)).toBe(true);
    expect(checkInPlace(z.union([z.object({ a: z.string() }), z.looseObject({})]), { a: 'x', b: 1 })).toBe(
      false,
    );
    expect(
      checkInPlace(
        z.looseObject({ a: z.string() }).refine(() => false),
        { a: 'x' },
      ),
    ).toBe(false);
    interface Tree {
      name: string;
      children?: Tree[];
    }
    const tree: z.ZodType<Tree> = z.looseObject({
      name: z.string(),
      children: z.array(z.lazy(() => tree)).optional(),
    });
    expect(checkInPlace(tree, { name: 'a', children: [{ name: 'b', children: [] }] })).toBe(true);
    expect(checkInPlace(tree, { name: 'a', children: [{ name: 2 }] })).toBe(false);
  });
});
