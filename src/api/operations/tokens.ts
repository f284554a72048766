import { z } from 'zod';
import { defineOperations } from '../operation.js';
import { OkOnly } from '../schemas/common.js';
import { CreatedToken, ManagedRole, NewToken, Token, TokenType } from '../schemas/tokens.js';

export const tokenOperations = defineOperations({
  ListRoles: {
    method: 'GET',
    path: '/orgs/{orgID}/roles',
    scopes: ['roles:list'],
    summary: 'List access token roles',
    response: z.array(ManagedRole),
  },
  ListTokens: {
    method: 'GET',
    path: '/orgs/{orgID}/tokens',
    scopes: ['tokens:list'],
    summary: 'List tokens',
    query: z.object({ show_expired: z.boolean().optional(), token_type: TokenType.optional() }),
    response: z.array(Token),
  },
  CreateToken: {
    method: 'POST',
    path: '/orgs/{orgID}/tokens',
    scopes: ['tokens:create'],
    summary: 'Create token',
    body: NewToken,
    response: CreatedToken,
  },
  DeleteToken: {
    method: 'DELETE',
    path: '/orgs/{orgID}/tokens/{tokenID}',
    scopes: ['tokens:delete'],
    summary: 'Delete token',
    response: OkOnly,
  },
});
