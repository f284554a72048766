import * as z from 'zod';

import { scopePattern } from '../values.js';

export { scopePattern } from '../values.js';
export const Scope = z.string().regex(scopePattern, 'a scope is <resource>:<action> or <resource>:*');

export const OkOnly = z.looseObject({}).optional();
export const StringArray = z.array(z.string());
export const Uuid = z.string().uuid();

/**
 * A list a command decides on or lists: the key must be there and hold a list. Absent or `null` is a wrong
 * shape (exit 8 naming the operation and the key), never an empty list: a gate that read `new: null` as "no
 * new findings" would pass. Lists that may be absent are `z.array(...).optional()`: `null` is refused there
 * too (no response schema accepts `null` where a list or an object is due; test/unit/api/no-null.test.ts).
 */
export function requiredList<T extends z.ZodType>(item: T) {
  return z.array(item);
}

/**
 * An object of settings, every field optional: `{}` is nothing set (a Go encoder's omitempty writes it so),
 * but an object with keys and none of these is of another kind (exit 8), never read as nothing set. With
 * `empty: false`, `{}` is refused too: an answer that always holds a setting (the organization's
 * configuration has its session timeout) is no answer without one.
 */
export function settingsObject<T extends z.core.$ZodLooseShape>(shape: T, { empty = true } = {}) {
  const keys = Object.keys(shape);
  return z
    .looseObject(shape)
    .refine((value) => (empty && Object.keys(value).length === 0) || keys.some((key) => key in value), {
      message: `none of the fields ${keys.join(', ')}`,
    });
}

/**
 * A tag. The service sends every value as a string (`cvss_score` is `"7.2"`); the specification types a
 * finding tag's value as a string or a number, so a number is accepted too, and shown the same way.
 */
export const TagKV = z.looseObject({ key: z.string(), value: z.union([z.string(), z.number()]) });

/** The payload of an operation that answers with a redirect (successStatus 302): its `Location`. */
export const RedirectLocation = z.string().min(1);

/**
 * The secrets scanner's settings, in an app's configuration and in the organization's and a team's: here,
 * so the configuration commands of the organization and teams build no schemas of apps.
 */
export const SecretsConfig = z.strictObject({
  entropy: z.number().min(0).optional(),
  disable: z.boolean().optional(),
});
