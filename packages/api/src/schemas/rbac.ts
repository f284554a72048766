import * as z from 'zod';
import { Scope } from './common.js';

export const RoleType = z.enum(['team', 'organization']);

export const RbacRole = z.looseObject({
  id: z.string(),
  name: z.string().optional(),
  description: z.string().optional(),
  id_aliases: z.array(z.string()).optional(),
  scopes: z.array(z.string()),
  organization_id: z.string().optional(),
  resource_type: z.string().optional(),
  role_type: z.string().optional(),
});
export type RbacRole = z.infer<typeof RbacRole>;

export const CreateRoleBody = z.strictObject({
  name: z.string().min(1),
  description: z.string().optional(),
  scopes: z.array(Scope).min(1),
  role_type: RoleType.optional(),
});

export const UpdateRoleBody = z.strictObject({
  name: z.string().min(1).optional(),
  description: z.string().optional(),
  scopes: z.array(Scope),
});
