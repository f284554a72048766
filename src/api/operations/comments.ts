import { z } from 'zod';
import { defineOperations } from '../operation.js';
import { Comment, CommentBody } from '../schemas/comments.js';

export const commentOperations = defineOperations({
  ListAppFindingComments: {
    method: 'GET',
    path: '/orgs/{orgID}/apps/{appID}/findings/{findingID}/comments',
    scopes: ['comments:list'],
    summary: 'List app finding comments',
    response: z.array(Comment),
  },
  CreateAppFindingComment: {
    method: 'POST',
    path: '/orgs/{orgID}/apps/{appID}/findings/{findingID}/comments',
    scopes: ['comments:create'],
    summary: 'Create app finding comment',
    body: CommentBody,
    response: Comment,
  },
  ReadOneAppFindingComment: {
    method: 'GET',
    path: '/orgs/{orgID}/apps/{appID}/findings/{findingID}/comments/{commentID}',
    scopes: ['comments:read'],
    summary: 'Read specific comment for a finding',
    response: Comment,
  },
});
