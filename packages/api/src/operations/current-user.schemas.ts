import { CurrentUser } from '../schemas/users.js';
import { defineSchemas } from '../schema.js';
import type { currentUserOperations } from './current-user.js';

export default defineSchemas<typeof currentUserOperations>()({
  ReadUser: {
    response: CurrentUser,
  },
});
