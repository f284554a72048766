import * as z from 'zod';
import { OkOnly, StringArray } from '../schemas/common.js';
import { CreateRoleBody, RbacRole, UpdateRoleBody } from '../schemas/rbac.js';
import { defineSchemas } from '../schema.js';

export default defineSchemas({
  ListOrgRBACRoles: {
    response: z.array(RbacRole),
  },
  CreateCustomRBACRole: {
    body: CreateRoleBody,
    response: RbacRole,
  },
  UpdateRBACRole: {
    body: UpdateRoleBody,
    response: OkOnly,
  },
  DeleteCustomRBACRole: {
    response: OkOnly,
  },
  ListAvailableRBACScopes: {
    response: StringArray,
  },
});
