import type { SavedSearch } from '@secscan/api/schemas/org-data';
import { defineView } from '../core/view.js';

export const searchView = defineView<SavedSearch>({
  columns: [
    { key: 'id', header: 'ID' },
    { key: 'search_name', header: 'NAME', max: 40 },
    { key: 'path_name', header: 'PATH', priority: 3, max: 40 },
    { key: 'search_query', header: 'QUERY', max: 60 },
    { key: 'updated_at', header: 'UPDATED', priority: 2 },
  ],
  emptyMessage: 'No saved searches.',
});
