import { z } from 'zod';
import { defineOperations } from '../operation.js';
import { OkOnly, StringArray } from '../schemas/common.js';
import { CreateRoleBody, RbacRole, UpdateRoleBody } from '../schemas/rbac.js';

export const rbacOperations = defineOperations({
  ListOrgRBACRoles: {
    method: 'GET',
    path: '/orgs/{orgID}/rbac/roles',
    scopes: ['roles:list'],
    summary: 'List roles',
    response: z.array(RbacRole),
  },
  CreateCustomRBACRole: {
    method: 'POST',
    path: '/orgs/{orgID}/rbac/roles',
    scopes: ['roles:create'],
    summary: 'Create custom RBAC role',
    body: CreateRoleBody,
    response: RbacRole,
    successStatus: 201,
  },
  UpdateRBACRole: {
    method: 'PUT',
    path: '/orgs/{orgID}/rbac/roles/{rbacRoleID}',
    scopes: ['roles:update'],
    summary: 'Update RBAC role',
    body: UpdateRoleBody,
    response: OkOnly,
  },
  DeleteCustomRBACRole: {
    method: 'DELETE',
    path: '/orgs/{orgID}/rbac/roles/{rbacRoleID}',
    scopes: ['roles:delete'],
    summary: 'Delete a custom RBAC role',
    response: OkOnly,
  },
  ListAvailableRBACScopes: {
    method: 'GET',
    path: '/orgs/{orgID}/rbac/scopes',
    scopes: ['scopes:list'],
    summary: 'List available RBAC scopes',
    response: StringArray,
  },
});
