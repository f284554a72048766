import { StringArray } from '../schemas/common.js';
import { defineSchemas } from '../schema.js';

export default defineSchemas({
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
