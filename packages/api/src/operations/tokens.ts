import { defineOperations } from '../operation.js';

export const tokenOperations = defineOperations('tokens', {
  ListRoles: {
    method: 'GET',
    path: '/orgs/{orgID}/roles',
    scopes: ['roles:list'],
    summary: 'List access token roles',
  },
  ListTokens: {
    method: 'GET',
    path: '/orgs/{orgID}/tokens',
    scopes: ['tokens:list'],
    summary: 'List tokens',
  },
  CreateToken: {
    method: 'POST',
    path: '/orgs/{orgID}/tokens',
    scopes: ['tokens:create'],
    summary: 'Create token',
  },
  DeleteToken: {
    method: 'DELETE',
    path: '/orgs/{orgID}/tokens/{tokenID}',
    scopes: ['tokens:delete'],
    summary: 'Delete token',
  },
});
