import { defineOperations } from '../operation.js';

// Saved searches answer without the envelope: a bare array, or no body at all.
export const savedSearchOperations = defineOperations('saved-searches', {
  ListSavedSearches: {
    method: 'GET',
    path: '/orgs/{orgID}/saved_searches',
    scopes: [],
    summary: 'Get all saved searches for an user',
    envelope: false,
  },
  CreateSavedSearch: {
    method: 'POST',
    path: '/orgs/{orgID}/saved_searches',
    scopes: [],
    summary: 'Create a new saved search for a user',
    envelope: false,
    successStatus: 201,
  },
  UpdateSavedSearch: {
    method: 'PUT',
    path: '/orgs/{orgID}/saved_searches/{searchID}',
    scopes: [],
    summary: 'Update a saved search for a user',
    envelope: false,
  },
  DeleteSavedSearch: {
    method: 'DELETE',
    path: '/orgs/{orgID}/saved_searches/{searchID}',
    scopes: [],
    summary: 'Delete a saved search for a user',
    envelope: false,
    successStatus: 204,
  },
});
