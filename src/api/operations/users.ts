import { defineOperations } from '../operation.js';
import { CurrentUser } from '../schemas/users.js';

export const userOperations = defineOperations({
  ReadUser: {
    method: 'GET',
    path: '/user',
    scopes: [],
    summary: 'Read user and their organization information',
    response: CurrentUser,
  },
});
