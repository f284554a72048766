import * as z from 'zod';

export const RecommendedFix = z.looseObject({ fix: z.string(), fix_notes: z.string().optional() });

export const FindingFix = z.looseObject({
  organization_id: z.string().optional(),
  project_id: z.string().optional(),
  scan_id: z.number().optional(),
  sp_id: z.string().optional(),
  status: z.string(),
  fingerprint_hash: z.string().optional(),
  finding_id: z.number(),
  fix: z.string().optional(),
});

/** What AutoFix says of a fix it was asked for: `pending` until it is made, then `ready` (or `failed`). */
export const autofixStatuses = ['pending', 'ready', 'failed'] as const;

/**
 * A fix of the vendor's clients' paths (RequestFindingFix, ListBranchFixes): the finding (its id, a string
 * or an integer, read as a string), its fingerprint and rule, the status and, once ready, the unified patch
 * (a ready fix without one is an answer of another kind, exit 8, never an empty patch).
 */
export const AutofixFix = z
  .looseObject({
    finding_id: z.union([z.string().min(1), z.number().int().nonnegative()]).transform(String),
    fingerprint: z.string().optional(),
    rule: z.string().optional(),
    status: z.enum(autofixStatuses),
    branch: z.string().optional(),
    unified_patch: z.string().optional(),
  })
  .refine((f) => f.status !== 'ready' || (f.unified_patch ?? '').trim() !== '', {
    message: 'a ready fix has a unified_patch',
    path: ['unified_patch'],
  });
export type AutofixFix = z.infer<typeof AutofixFix>;

export const BranchFixes = z.looseObject({ fixes: z.array(AutofixFix) });
