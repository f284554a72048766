import * as z from 'zod';
import { UsageError } from '../errors.js';

type Json = Record<string, unknown>;

/** What says nothing in a JSON Schema (any extra property, no properties): left out, as tokens count. */
function trimmed(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(trimmed);
  if (node === null || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node as Json)) {
    if (key === '$schema') continue;
    const empty = value !== null && typeof value === 'object' && Object.keys(value).length === 0;
    if ((key === 'additionalProperties' || key === 'properties') && empty) continue;
    out[key] = trimmed(value);
  }
  return out;
}

/** A tool's input or output schema as the host reads it. */
export function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  return trimmed(z.toJSONSchema(schema, { io, unrepresentable: 'any' })) as Json;
}

/**
 * A call's arguments checked against the tool's input schema: a wrong one is a usage error in one line naming
 * the parameter (exit 2, nothing sent), as a command names its flag.
 */
export function parseArguments<T>(schema: z.ZodType<T>, args: unknown): T {
  const parsed = schema.safeParse(args ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? issue.path.join('.') : undefined;
  if (issue?.code === 'unrecognized_keys') {
    const keys = issue.keys.map((k) => JSON.stringify(k)).join(', ');
    throw new UsageError(`unknown parameter ${keys}${where ? ` in ${where}` : ''}`, {
      hint: 'see the tool’s input schema (tools/list)',
    });
  }
  throw new UsageError(`invalid value for ${where ?? 'the arguments'}: ${issue?.message ?? 'not valid'}`, {
    hint: 'see the tool’s input schema (tools/list)',
  });
}
