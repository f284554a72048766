import * as z from 'zod';
import { Comment, CommentBody } from '../schemas/comments.js';
import { defineSchemas } from '../schema.js';

export default defineSchemas({
  ListAppFindingComments: {
    response: z.array(Comment),
  },
  CreateAppFindingComment: {
    body: CommentBody,
    response: Comment,
  },
  ReadOneAppFindingComment: {
    response: Comment,
  },
});
