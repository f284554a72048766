import * as z from 'zod';
import { SavedSearch, SavedSearchBody } from '../schemas/org-data.js';
import { defineSchemas } from '../schema.js';

export default defineSchemas({
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
