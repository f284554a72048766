import * as z from 'zod';
import { Comment, CommentBody } from '../schemas/comments.js';
import { defineSchemas } from '../schema.js';
import type { commentOperations } from './comments.js';

export default defineSchemas<typeof commentOperations>()({
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
