import * as z from 'zod';
import { SavedSearch, SavedSearchBody } from '../schemas/org-data.js';
import { defineSchemas } from '../schema.js';
import type { savedSearchOperations } from './saved-searches.js';

export default defineSchemas<typeof savedSearchOperations>()({
  ListSavedSearches: {
    response: z.array(SavedSearch),
  },
  CreateSavedSearch: {
    body: SavedSearchBody,
  },
  UpdateSavedSearch: {
    body: SavedSearchBody,
  },
  DeleteSavedSearch: {},
});
