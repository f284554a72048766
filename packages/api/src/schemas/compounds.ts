import * as z from 'zod';
import { requiredList } from './common.js';
import { FindingsSummary, Scan, ScanInfo, TagCount } from './scans.js';

export const ShallowCompound = z.looseObject({
  id: z.string(),
  name: z.string(),
  apps: z.array(z.string()).optional(),
});
export type ShallowCompound = z.infer<typeof ShallowCompound>;

/** The full form: `apps` maps a numeric key string to the compound-embedded app form. */
export const Compound = z.looseObject({
  id: z.string(),
  name: z.string(),
  apps: z.record(z.string(), z.unknown()).optional(),
});
export type Compound = z.infer<typeof Compound>;

export const CompoundList = z.looseObject({
  compounds: requiredList(Compound),
});

export const ArchiveBody = z.strictObject({ is_archived: z.boolean() });

export const CompoundScan = z.looseObject({
  compound_id: z.string().optional(),
  polyglot_scan_id: z.number(),
  scans: requiredList(ScanInfo),
  findings_summaries: z.array(FindingsSummary).optional(),
  counts: z.array(TagCount).optional(),
});

export const CompoundScans = z.looseObject({
  scans: requiredList(Scan),
});

const SeverityCounts = z.looseObject({
  critical: z.number().optional(),
  high: z.number().optional(),
  medium: z.number().optional(),
  low: z.number().optional(),
  unreachable: z.number().optional(),
});

export const StreamlinedScans = z.looseObject({
  agents: z.array(z.string()).optional(),
  scans: requiredList(
    z.looseObject({
      polyglot_scan_id: z.number(),
      created_at: z.string().optional(),
      agent: z.string().optional(),
      branch: z.string().optional(),
      languages: z.array(z.string()).optional(),
      vulns: SeverityCounts.optional(),
      oss_vulns: SeverityCounts.optional(),
      container_vulns: SeverityCounts.optional(),
      secrets: z.number().optional(),
    }),
  ),
});

export const FixStats = z.looseObject({
  organization_id: z.string().optional(),
  stats: requiredList(z.looseObject({ compound_name: z.string(), fix_count: z.number() })),
});
