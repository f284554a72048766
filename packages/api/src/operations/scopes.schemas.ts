import { StringArray } from '../schemas/common.js';
import { defineSchemas } from '../schema.js';
import type { scopeOperations } from './scopes.js';

export default defineSchemas<typeof scopeOperations>()({
  ListMyOrgScopes: {
    response: StringArray,
  },
  ListMyAppScopes: {
    response: StringArray,
  },
  ListMyTeamScopes: {
    response: StringArray,
  },
});
