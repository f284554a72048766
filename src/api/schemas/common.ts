import * as z from 'zod';

import { scopePattern } from '../values.js';

export { scopePattern } from '../values.js';
export const Scope = z.string().regex(scopePattern, 'a scope is <resource>:<action> or <resource>:*');

export const OkOnly = z.looseObject({}).optional();
export const StringArray = z.array(z.string());
export const Uuid = z.string().uuid();

export const TagKV = z.looseObject({ key: z.string(), value: z.union([z.string(), z.number()]) });
