import * as z from 'zod';
import { tokenTypes } from '../values.js';

export const TokenType = z.enum(tokenTypes);

export const Token = z.looseObject({
  id: z.string(),
  label: z.string().optional(),
  description: z.string().optional(),
  role_id: z.string().optional(),
  token_type: z.string().optional(),
  expires_at: z.string().optional(),
});
export type Token = z.infer<typeof Token>;

export const CreatedToken = Token.extend({ value: z.string() });

export const NewToken = z.strictObject({
  label: z.string().min(1),
  description: z.string().optional(),
  role_id: z.string().min(1),
  token_type: TokenType.optional(),
  valid_for_seconds: z.number().int().positive().optional(),
});

export const ManagedRole = z.looseObject({
  id: z.string(),
  label: z.string().optional(),
  description: z.string().optional(),
  role_type: z.string().optional(),
});
export type ManagedRole = z.infer<typeof ManagedRole>;
