import * as z from 'zod';
import { TagKV } from './common.js';

export { scaSorts } from '../values.js';

export const Dependency = z.looseObject({
  id: z.string(),
  app: z.string(),
  type: z.string(),
  title: z.string(),
  tags: z.array(TagKV).optional(),
});
export type Dependency = z.infer<typeof Dependency>;

export const ScaPackage = z.looseObject({
  package: z.string(),
  package_url: z.string(),
  name: z.string(),
  namespace: z.string(),
  type: z.string(),
  version: z.string(),
  license: z.string(),
  first_seen: z.string(),
  total_vulns: z.number(),
  total_reachable: z.number(),
  total_exploitable: z.number(),
  total_apps: z.number(),
  risk_type: z
    .looseObject({
      is_malicious: z.boolean().optional(),
      is_squatted: z.boolean().optional(),
      is_abandoned: z.boolean().optional(),
      is_repo_hijackable: z.boolean().optional(),
    })
    .optional(),
  apps: z.array(z.string()).optional(),
});
export type ScaPackage = z.infer<typeof ScaPackage>;

export const ScaPackagesPage = z.looseObject({
  packages: z.array(ScaPackage),
  has_more: z.boolean(),
  total_count: z.number(),
  compound_id: z.string().optional(),
  polyglot_scan_id: z.union([z.string(), z.number()]).optional(),
  scans: z.array(z.looseObject({ id: z.string(), app: z.string() })),
});

const Cve = z.looseObject({
  id: z.string().optional(),
  internalId: z.string().optional(),
  assigner: z.string().optional(),
  cweIds: z.array(z.string()).optional(),
  descriptions: z
    .array(z.looseObject({ lang: z.string().optional(), value: z.string().optional() }))
    .optional(),
  impact: z
    .looseObject({
      exploitabilityScore: z.number().optional(),
      impactScore: z.number().optional(),
      cvssV3: z
        .looseObject({
          baseScore: z.number().optional(),
          baseSeverity: z.string().optional(),
          vectorString: z.string().optional(),
        })
        .optional(),
    })
    .optional(),
  publishedDate: z.string().optional(),
  lastModifiedDate: z.string().optional(),
});

export const PackageInfo = z.looseObject({
  purl: z.string(),
  licenses: z.array(z.string()).optional(),
  cves: z.array(Cve).optional(),
});
export type PackageInfo = z.infer<typeof PackageInfo>;

export const PackageInfoBody = z.strictObject({ purls: z.array(z.string().min(1)).min(1) });
