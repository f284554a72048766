import * as z from 'zod';

import { scopePattern } from '../values.js';

export { scopePattern } from '../values.js';
export const Scope = z.string().regex(scopePattern, 'a scope is <resource>:<action> or <resource>:*');

export const OkOnly = z.looseObject({}).optional();
export const StringArray = z.array(z.string());
export const Uuid = z.string().uuid();

export const TagKV = z.looseObject({ key: z.string(), value: z.union([z.string(), z.number()]) });

/** The payload of an operation that answers with a redirect (successStatus 302): its `Location`. */
export const RedirectLocation = z.string().min(1);
