import * as z from 'zod';
import { findingLocation, formatLocation } from '@secscan/api/location';
import type { Finding } from '@secscan/api/schemas/findings';

/**
 * A tool's output schema: its fields, each optional, as the answer of work still going on has only
 * `pending` (see jobs.ts), and the engines' notices come as `notes`: the object takes other properties.
 * Both are said once, in await_result's description, not in every schema (tools/list is a token budget).
 */
export function outputOf<S extends z.ZodRawShape>(shape: S) {
  const optional = Object.fromEntries(
    Object.entries(shape).map(([k, v]) => [k, (v as z.ZodType).optional()]),
  );
  return z.looseObject(optional);
}

/** A string of `min` to `max` characters, checked when a call is read; its schema says only `string`. */
export const sized = (min: number, max: number) =>
  z.string().refine((v) => v.trim().length >= min && v.length <= max, {
    message: min > 0 ? `expected ${min} to ${max} characters` : `expected at most ${max} characters`,
  });

/** A string matching `pattern`, checked when a call is read; its schema says only `string` (tokens count). */
export const matching = (pattern: RegExp, message: string) =>
  z.string().refine((v) => pattern.test(v), { message });

/** An app id as the service names them. */
export const appId = matching(/^[\w.-]{1,200}$/, 'expected an app id (letters, digits, . _ -)');
export const name = sized(1, 200);
export const findingIdArg = matching(/^[1-9]\d{0,15}$/, 'expected a finding id (a positive whole number)');
/** The answer's byte budget: about 16 KB unless the call raises it. */
export const maxBytes = z
  .number()
  .int()
  .min(2_000)
  .max(1_000_000)
  .optional()
  .describe('answer budget, bytes (default 16000)');
export const defaultMaxBytes = 16_000;

/** A boolean that must be given as true: the explicit confirmation a write needs. */
export const confirm = z
  .boolean()
  .optional()
  .describe('true sends the change; otherwise a dry run that writes nothing');

const Compact = z.looseObject({});
export const CompactFinding = Compact;

/** Text of the service cut to `max` characters (what an answer carries of a long title). */
export function cut(text: string | undefined, max: number): string | undefined {
  if (text === undefined) return undefined;
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}

export const tagOf = (f: Finding, key: string): string | undefined => {
  const value = f.tags?.find((t) => t.key === key)?.value;
  return value === undefined || value === null || value === '' ? undefined : String(value);
};

/** The compact fields of a finding: what a search answers unless asked for more. */
export const compactFields = [
  'id',
  'app',
  'type',
  'severity',
  'title',
  'status',
  'category',
  'location',
] as const;
/** What a search may add on request (`fields`). */
export const extraFields = [
  'assignee',
  'cve',
  'package',
  'cwe',
  'owasp',
  'reachability',
  'description',
  'first_seen',
] as const;
export type FindingField = (typeof compactFields)[number] | (typeof extraFields)[number];

/** A finding as an answer carries it: the fields asked for, those the finding has. */
export function compactFinding(f: Finding, fields: readonly FindingField[]): Record<string, unknown> {
  const values: Record<FindingField, unknown> = {
    id: f.id,
    app: f.app,
    type: f.type,
    severity: f.severity,
    title: cut(f.title, 300),
    status: f.status || 'unset',
    category: f.category,
    location: formatLocation(findingLocation(f)) || undefined,
    assignee: f.assignee || undefined,
    cve: tagOf(f, 'cve'),
    package: tagOf(f, 'package_url'),
    cwe: tagOf(f, 'cwe_category'),
    owasp: f.owasp_category,
    reachability: tagOf(f, 'reachability'),
    description: cut(f.description, 1000),
    first_seen: f.version_first_seen,
  };
  const out: Record<string, unknown> = {};
  for (const field of fields) if (values[field] !== undefined) out[field] = values[field];
  return out;
}

export { plural } from '../../util/plural.js';
