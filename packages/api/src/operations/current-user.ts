import { defineOperations } from '../operation.js';

export const userOperations = defineOperations('users', {
  ReadUser: {
    method: 'GET',
    path: '/user',
    scopes: [],
    summary: 'Read user and their organization information',
  },
});
