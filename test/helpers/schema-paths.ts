import type * as z from 'zod';

/** A place in an answer where a list, an object or a map is due, and the schema that reads it there. */
export interface ShapedPath {
  /** `findings`, `findings[].tags`, `rules{}.findings`; `''` is the payload itself. */
  path: string;
  kind: 'array' | 'object' | 'record';
  /** The schema at that place, its optional/nullable wrappers included. */
  schema: z.ZodType;
}

interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  valueType?: z.ZodType;
  options?: z.ZodType[];
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

function unwrap(schema: z.ZodType): z.ZodType {
  let node = schema;
  for (;;) {
    const def = defOf(node);
    if (['optional', 'nullable', 'default', 'readonly'].includes(def.type) && def.innerType)
      node = def.innerType;
    else if (def.type === 'pipe' && def.in) node = def.in;
    else return node;
  }
}

/**
 * Every place in a response schema where a list, an object or a map is due, the payload itself included,
 * each once (a union's branches are walked and merged).
 */
export function shapedPaths(schema: z.ZodType): ShapedPath[] {
  const found = new Map<string, ShapedPath>();
  const walk = (wrapped: z.ZodType, path: string) => {
    const node = unwrap(wrapped);
    const def = defOf(node);
    if (def.type === 'union') {
      for (const option of def.options ?? []) walk(option, path);
      return;
    }
    if (def.type !== 'array' && def.type !== 'object' && def.type !== 'record') return;
    if (!found.has(path)) found.set(path, { path, kind: def.type, schema: wrapped });
    if (def.type === 'array' && def.element) walk(def.element, `${path}[]`);
    if (def.type === 'record' && def.valueType) walk(def.valueType, `${path}{}`);
    for (const [key, value] of Object.entries(def.shape ?? {})) walk(value, path ? `${path}.${key}` : key);
  };
  walk(schema, '');
  return [...found.values()];
}

/**
 * Sets the place `path` names to null in `value` (every element of a list, every value of a map along the
 * way; the last key is set even when absent). Returns how many places were set.
 */
export function nullAt(value: unknown, path: string): number {
  const steps = path.match(/[^.[\]{}]+|\[\]|\{\}/g) ?? [];
  const visit = (node: unknown, i: number): number => {
    const step = steps[i];
    if (step === undefined || node === null || typeof node !== 'object') return 0;
    const last = i === steps.length - 1;
    const children =
      step === '[]'
        ? Array.isArray(node)
          ? node.map((_, k) => k)
          : []
        : step === '{}'
          ? Array.isArray(node)
            ? []
            : Object.keys(node)
          : Array.isArray(node)
            ? []
            : [step];
    let count = 0;
    for (const key of children) {
      const holder = node as Record<string | number, unknown>;
      if (last) {
        holder[key] = null;
        count++;
      } else count += visit(holder[key], i + 1);
    }
    return count;
  };
  return visit(value, 0);
}

/** How an error names the place, as a regular expression: `findings[].tags` is `findings.<n>.tags`. */
export function pathPattern(path: string): string {
  return (path.match(/[^.[\]{}]+|\[\]|\{\}/g) ?? [])
    .map((step) =>
      step === '[]' ? '\\d+' : step === '{}' ? '[^:]+?' : step.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('\\.');
}
