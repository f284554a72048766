/** A saved search as ListSavedSearches answers it (a bare array). */
export const searches = [
  {
    id: '6f1c2d3e-0000-4000-8000-000000000001',
    search_name: 'Critical in payments',
    path_name: '/findings',
    search_query: 'app=payments-api&severity=critical',
    updated_at: '2026-08-03T09:12:00.000Z',
  },
];
