import * as z from 'zod';
import { OkOnly } from '../schemas/common.js';
import { CreatedToken, ManagedRole, NewToken, Token, TokenType } from '../schemas/tokens.js';
import { defineSchemas } from '../schema.js';

export default defineSchemas({
  ListRoles: {
    response: z.array(ManagedRole),
  },
  ListTokens: {
    query: z.object({ show_expired: z.boolean().optional(), token_type: TokenType.optional() }),
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
