import * as z from 'zod';

export const OrgBackup = z.looseObject({
  backup_id: z.string().min(1),
  organization_id: z.string().optional(),
  status: z.string(),
  created_at: z.string().optional(),
  completed_at: z.string().optional(),
});
export type OrgBackup = z.infer<typeof OrgBackup>;

export const ScmSecretsAuditLog = z.looseObject({
  total_attempts: z.number(),
  total_user_ids: z.array(z.string()).optional(),
  total_token_ids: z.array(z.string()).optional(),
  projects: z.array(
    z.looseObject({
      project_id: z.string(),
      attempts: z.number().optional(),
      user_ids: z.array(z.string()).optional(),
      token_ids: z.array(z.string()).optional(),
    }),
  ),
  /** The sandbox's grouping by user (`by-user`); the service's shape for it is not documented. */
  users: z
    .array(
      z.looseObject({
        user_id: z.string(),
        attempts: z.number().optional(),
        project_ids: z.array(z.string()).optional(),
        token_ids: z.array(z.string()).optional(),
      }),
    )
    .optional(),
});
export type ScmSecretsAuditLog = z.infer<typeof ScmSecretsAuditLog>;

export const SavedSearchBody = z.strictObject({
  search_name: z.string().optional(),
  path_name: z.string().optional(),
  search_query: z.string().optional(),
});

export const SavedSearch = z.looseObject({
  id: z.string(),
  search_name: z.string().optional(),
  path_name: z.string().optional(),
  search_query: z.string().optional(),
  updated_at: z.string().optional(),
});
export type SavedSearch = z.infer<typeof SavedSearch>;

/** A stored check-analysis policy: its content hash and, per name, the tags pointing at it. */
export const PolicyVersion = z.looseObject({
  contentHash: z.string(),
  tags: z.array(z.looseObject({ name: z.string(), tags: z.array(z.string()) })),
});
export type PolicyVersion = z.infer<typeof PolicyVersion>;

export const PolicyUpsert = z.looseObject({
  contentHash: z.string(),
  tags: z.array(z.string()),
});
