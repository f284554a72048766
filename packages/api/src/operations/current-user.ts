import { defineOperations } from '../operation.js';

export const currentUserOperations = defineOperations('current-user', {
  ReadUser: {
    method: 'GET',
    path: '/user',
    scopes: [],
    summary: 'Read user and their organization information',
  },
});
