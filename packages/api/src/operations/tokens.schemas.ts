import * as z from 'zod';
import { OkOnly } from '../schemas/common.js';
import { CreatedToken, ManagedRole, NewToken, Token } from '../schemas/tokens.js';
import { boolean, defineQuery, oneOf } from '../query.js';
import { tokenTypes } from '../values.js';
import { defineSchemas } from '../schema.js';
import type { tokenOperations } from './tokens.js';

export default defineSchemas<typeof tokenOperations>()({
  ListRoles: {
    response: z.array(ManagedRole),
  },
  ListTokens: {
    query: defineQuery({ show_expired: boolean(), token_type: oneOf(tokenTypes) }),
    response: z.array(Token),
  },
  CreateToken: {
    body: NewToken,
    response: CreatedToken,
  },
  DeleteToken: {
    response: OkOnly,
  },
});
