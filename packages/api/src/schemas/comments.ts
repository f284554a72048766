import * as z from 'zod';

export const Comment = z.looseObject({
  id: z.string(),
  created_at: z.string(),
  app_id: z.string().optional(),
  org_id: z.string().optional(),
  finding_id: z.string(),
  owner: z.looseObject({ email: z.string().optional(), name: z.string().optional() }).optional(),
  comment: z.string(),
});
export type Comment = z.infer<typeof Comment>;

export const CommentBody = z.strictObject({ comment: z.string().min(1) });
