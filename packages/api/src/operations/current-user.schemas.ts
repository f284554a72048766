import { CurrentUser } from '../schemas/users.js';
import { defineSchemas } from '../schema.js';

export default defineSchemas({
  ReadUser: {
    response: CurrentUser,
  },
});
