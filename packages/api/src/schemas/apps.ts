import * as z from 'zod';
import { requiredList, SecretsConfig, TagKV } from './common.js';

/** Starts and ends with a letter or digit; the interior may also hold `_ : . -`. */
import { appIdPattern } from '../values.js';

export { appIdPattern } from '../values.js';

export const App = z.looseObject({
  id: z.string(),
  name: z.string().optional(),
  tags: z.array(TagKV).optional(),
  team_id: z.string().optional(),
  base_branch: z.string().optional(),
  labels: z.array(z.string()).optional(),
  compound: z.string().optional(),
});
export type App = z.infer<typeof App>;

export const AppSpec = z.strictObject({
  id: z.string().regex(appIdPattern, 'an app id starts and ends with a letter or digit'),
  name: z.string().optional(),
  team_id: z.string().optional(),
  base_branch: z.string().optional(),
});
export type AppSpec = z.infer<typeof AppSpec>;

/**
 * CreateApp: the vendor schema's bulk result, or the one App api-v4.md and the vendor's example show (read
 * as that app created).
 */
export const AppProvision = z.union([
  z.looseObject({
    apps: requiredList(z.looseObject({ id: z.string() })),
    rejected_ids: z.array(z.string()).optional(),
    rejected_team_ids: z.array(z.string()).optional(),
  }),
  App.transform((app) => ({ apps: [app], rejected_ids: [], rejected_team_ids: [] })),
]);

export const LabelsBody = z.strictObject({
  add: z.array(z.string().min(1)).optional(),
  remove: z.array(z.string().min(1)).optional(),
  clear: z.boolean().optional(),
});

export const AppBranches = z.looseObject({
  id: z.string(),
  name: z.string().optional(),
  default_branch: z.string().optional(),
  branches: z.array(z.string()).optional(),
  languages: z.array(z.string()).optional(),
});

export const ScanBranch = z.looseObject({
  branch_name: z.string(),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
  scan_count: z.number().optional(),
  first_scan: z.number().optional(),
  last_scan: z.number().optional(),
});

export const AnalysisConfig = z.strictObject({
  secrets: SecretsConfig.optional(),
  cpg2sp: z.strictObject({ 'max-steps': z.number().int().positive().optional() }).optional(),
});
export type AnalysisConfig = z.infer<typeof AnalysisConfig>;

export const AppConfigBody = z.strictObject({
  default_branch: z.string().min(1).optional(),
  analysis_configuration: AnalysisConfig.optional(),
});
export type AppConfigBody = z.infer<typeof AppConfigBody>;

export const AppConfig = z.looseObject({
  default_branch: z.string(),
  analysis_configuration: z
    .looseObject({
      secrets: z.looseObject({ entropy: z.number().optional(), disable: z.boolean().optional() }).optional(),
      cpg2sp: z.looseObject({ 'max-steps': z.number().optional() }).optional(),
    })
    .optional(),
});
export type AppConfig = z.infer<typeof AppConfig>;

export const AppGroup = z.looseObject({
  name: z.string(),
  app_ids: requiredList(z.string()),
});
export type AppGroup = z.infer<typeof AppGroup>;

export const UpsertAppGroupBody = z.strictObject({
  rename: z.string().min(1).optional(),
  add_app_ids: z.array(z.string().min(1)).optional(),
  remove_app_ids: z.array(z.string().min(1)).optional(),
});

export const AnalyzeFailure = z.looseObject({
  id: z.string(),
  organization_id: z.string().optional(),
  project_id: z.string().optional(),
  app_name: z.string(),
  compound_id: z.string().optional(),
  polyglot_scan_id: z.number().optional(),
  domain: z.string().optional(),
  category: z.string(),
  code: z.string().optional(),
  affects: z.string().optional(),
  message: z.string(),
  is_partial: z.boolean().optional(),
  details: z.record(z.string(), z.unknown()).optional(),
  created_at: z.string(),
});
