import { defineOperations } from '../operation.js';

export const rbacOperations = defineOperations('rbac', {
  ListOrgRBACRoles: {
    method: 'GET',
    path: '/orgs/{orgID}/rbac/roles',
    scopes: ['roles:list'],
    summary: 'List roles',
  },
  CreateCustomRBACRole: {
    method: 'POST',
    path: '/orgs/{orgID}/rbac/roles',
    scopes: ['roles:create'],
    summary: 'Create custom RBAC role',
    successStatus: 201,
  },
  UpdateRBACRole: {
    method: 'PUT',
    path: '/orgs/{orgID}/rbac/roles/{rbacRoleID}',
    scopes: ['roles:update'],
    summary: 'Update RBAC role',
  },
  DeleteCustomRBACRole: {
    method: 'DELETE',
    path: '/orgs/{orgID}/rbac/roles/{rbacRoleID}',
    scopes: ['roles:delete'],
    summary: 'Delete a custom RBAC role',
  },
  ListAvailableRBACScopes: {
    method: 'GET',
    path: '/orgs/{orgID}/rbac/scopes',
    scopes: ['scopes:list'],
    summary: 'List available RBAC scopes',
  },
});
