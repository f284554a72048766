import { defineOperations } from '../operation.js';

export const commentOperations = defineOperations('comments', {
  ListAppFindingComments: {
    method: 'GET',
    path: '/orgs/{orgID}/apps/{appID}/findings/{findingID}/comments',
    scopes: ['comments:list'],
    summary: 'List app finding comments',
  },
  CreateAppFindingComment: {
    method: 'POST',
    path: '/orgs/{orgID}/apps/{appID}/findings/{findingID}/comments',
    scopes: ['comments:create'],
    summary: 'Create app finding comment',
  },
  ReadOneAppFindingComment: {
    method: 'GET',
    path: '/orgs/{orgID}/apps/{appID}/findings/{findingID}/comments/{commentID}',
    scopes: ['comments:read'],
    summary: 'Read specific comment for a finding',
  },
});
