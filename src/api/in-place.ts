/**
 * A check of a decoded JSON answer against its zod schema that copies nothing. zod's `safeParse` builds a
 * new value: every object and list of the answer again. For a listing that is most of its cost: 96,000
 * findings read, zod took 1.0 s of 11 s, and the copies it made were a good part of the 3.9 s the collector
 * took. Most response schemas only say what an answer holds (loose objects of strings, numbers, lists), and
 * their output is then the input itself. This reads such a schema once, into checks on the value as it is.
 *
 * `checkInPlace(schema, value)` is true only when zod would accept `value` and return a value equal to it
 * (with the keys in the service's order, not the schema's); the caller then uses `value`. False says
 * nothing: the caller runs zod, for its output or its error. So a schema this cannot read in full (a
 * transform, a default, an object that strips keys it does not name, a refinement) costs one pass more
 * over the values it reads, never a different answer. test/unit/api/in-place.test.ts holds it to zod.
 */
import type { z } from 'zod';

/** What a part of the schema asks of a value. */
interface Node {
  /** True: zod accepts the value and returns it unchanged. */
  check: (value: unknown) => boolean;
  /** Also: false means zod refuses it (so a union of such parts may take the first part that accepts). */
  exact: boolean;
}

interface Def {
  type: string;
  checks?: unknown[];
  coerce?: boolean;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  innerType?: z.ZodType;
  options?: z.ZodType[];
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  getter?: () => z.ZodType;
}

interface Internals {
  def: Def;
  optin?: string;
  optout?: string;
  values?: Set<unknown>;
}

const internals = (schema: z.ZodType) => (schema as unknown as { _zod: Internals })._zod;

const nodes = new WeakMap<z.ZodType, Node>();

const never: Node = { check: () => false, exact: true };
const anything: Node = { check: () => true, exact: true };
/** A part this does not read: zod decides. */
const unread: Node = { check: () => false, exact: false };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const hasOwn = Object.prototype.hasOwnProperty;

/** A leaf zod reads as it is (a format, an enum with checks...): its own parse, when it gives the value back. */
function leaf(schema: z.ZodType): Node {
  return {
    check: (value) => {
      const result = schema.safeParse(value);
      return result.success && Object.is(result.data, value);
    },
    exact: false,
  };
}

function objectNode(def: Def): Node {
  const entries = Object.entries(def.shape ?? {}).map(([key, schema]) => {
    const { optin, optout } = internals(schema);
    // A key left out is left out of zod's output too only when it is optional both ways; absent and
    // required is refused; absent with a default gets the default (an output of its own).
    const absent: 'refused' | 'skipped' | 'unread' =
      optin === undefined ? 'refused' : optin === 'optional' && optout === 'optional' ? 'skipped' : 'unread';
    return { key, node: nodeOf(schema), absent };
  });
  const known = new Set(entries.map((e) => e.key));
  const catchall = def.catchall === undefined ? undefined : internals(def.catchall).def.type;
  const rest =
    catchall === undefined
      ? undefined // zod strips keys it does not name: an output of its own
      : catchall === 'unknown' || catchall === 'any'
        ? anything
        : catchall === 'never'
          ? never
          : nodeOf(def.catchall as z.ZodType);
  // A declared `__proto__` is left out of zod's output, whatever the input holds.
  const unreadable = known.has('__proto__');
  const exact =
    !unreadable &&
    rest !== undefined &&
    rest.exact &&
    entries.every((e) => e.node.exact && e.absent !== 'unread');
  if (unreadable) return unread;
  return {
    exact,
    check: (value) => {
      if (!isRecord(value)) return false;
      for (const { key, node, absent } of entries) {
        if (hasOwn.call(value, key)) {
          if (!node.check(value[key])) return false;
        } else if (absent !== 'skipped') return false;
      }
      if (rest === anything && !hasOwn.call(value, '__proto__')) return true;
      for (const key in value) {
        if (known.has(key)) continue;
        // zod leaves an undeclared __proto__ out of its output.
        if (key === '__proto__' || rest === undefined || !rest.check(value[key])) return false;
      }
      return true;
    },
  };
}

/**
 * The keys of a schema's definition that say what it is, by type: one with any other key (a format, a
 * check of its own, a pattern...) is not the plain type. `error` words a refusal only.
 */
const structure: Record<string, readonly string[]> = {
  literal: ['values'],
  enum: ['entries'],
  optional: ['innerType'],
  nullable: ['innerType'],
  array: ['element'],
  object: ['shape', 'catchall'],
  record: ['keyType', 'valueType'],
  union: ['options'],
  lazy: ['getter'],
};

function isPlain(def: Def): boolean {
  const allowed = structure[def.type] ?? [];
  return Object.keys(def).every(
    (key) =>
      key === 'type' ||
      key === 'error' ||
      allowed.includes(key) ||
      (key === 'checks' && (def.checks?.length ?? 0) === 0) ||
      (key === 'coerce' && !def.coerce),
  );
}

function compile(schema: z.ZodType): Node {
  const zod = internals(schema);
  const def = zod.def;
  const plain = isPlain(def);
  switch (def.type) {
    case 'string':
      return plain ? { check: (v) => typeof v === 'string', exact: true } : leaf(schema);
    case 'number':
      return plain
        ? { check: (v) => typeof v === 'number' && Number.isFinite(v), exact: true }
        : leaf(schema);
    case 'boolean':
      return plain ? { check: (v) => typeof v === 'boolean', exact: true } : leaf(schema);
    case 'null':
      return plain ? { check: (v) => v === null, exact: true } : leaf(schema);
    case 'unknown':
    case 'any':
      return plain ? anything : leaf(schema);
    case 'never':
      return never;
    case 'literal':
    case 'enum': {
      const values = zod.values;
      if (!plain || !values) return leaf(schema);
      return { check: (v) => values.has(v), exact: true };
    }
    case 'optional':
    case 'nullable': {
      if (!plain || !def.innerType) return leaf(schema);
      const inner = nodeOf(def.innerType);
      const empty = def.type === 'optional' ? undefined : null;
      return { check: (v) => v === empty || inner.check(v), exact: inner.exact };
    }
    case 'array': {
      // Checks on a list (its length) would have to run apart from its items: zod reads those.
      if (!plain || !def.element) return unread;
      const element = nodeOf(def.element);
      return {
        check: (v) => {
          if (!Array.isArray(v)) return false;
          for (const item of v) if (!element.check(item)) return false;
          return true;
        },
        exact: element.exact,
      };
    }
    case 'object':
      return plain ? objectNode(def) : unread;
    case 'record': {
      const key = def.keyType ? internals(def.keyType) : undefined;
      const plainKeys = key !== undefined && key.def.type === 'string' && isPlain(key.def) && !key.values;
      if (!plain || !plainKeys || !def.valueType) return unread;
      const value = nodeOf(def.valueType);
      return {
        check: (v) => {
          if (!isRecord(v) || hasOwn.call(v, '__proto__')) return false;
          const proto = Object.getPrototypeOf(v) as unknown;
          if (proto !== Object.prototype && proto !== null) return false;
          for (const k in v) if (!value.check(v[k])) return false;
          return true;
        },
        exact: value.exact,
      };
    }
    case 'union': {
      // zod takes the first option that accepts: any option that accepts, when each says exactly whether.
      const options = (def.options ?? []).map(nodeOf);
      if (!plain || options.length === 0 || !options.every((o) => o.exact)) return unread;
      return { check: (v) => options.some((o) => o.check(v)), exact: true };
    }
    case 'lazy': {
      if (!def.getter) return unread;
      const getter = def.getter;
      let inner: Node | undefined;
      return { check: (v) => (inner ??= nodeOf(getter())).check(v), exact: false };
    }
    default:
      // Transforms, pipes, defaults, catches, tuples, intersections...: zod reads them.
      return unread;
  }
}

function nodeOf(schema: z.ZodType): Node {
  let node = nodes.get(schema);
  if (!node) {
    node = compile(schema);
    nodes.set(schema, node);
  }
  return node;
}

/**
 * True when zod's `safeParse(value)` would succeed with a value equal to `value` (keys aside): use `value`.
 * False: run zod.
 */
export function checkInPlace(schema: z.ZodType, value: unknown): boolean {
  return nodeOf(schema).check(value);
}
