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
