import * as z from 'zod';
import { FindingsSummary, Scan, ScanInfo, TagCount } from './scans.js';

export const ShallowCompound = z.looseObject({
  id: z.string().optional(),
  name: z.string().optional(),
  apps: z.array(z.string()).nullish(),
});
export type ShallowCompound = z.infer<typeof ShallowCompound>;

/** The full form: `apps` maps a numeric key string to the compound-embedded app form. */
export const Compound = z.looseObject({
  id: z.string().optional(),
  name: z.string().optional(),
  apps: z.record(z.string(), z.unknown()).nullish(),
});
export type Compound = z.infer<typeof Compound>;

export const CompoundList = z.looseObject({
  compounds: z
    .array(Compound)
    .nullish()
    .transform((v) => v ?? []),
});

export const ArchiveBody = z.strictObject({ is_archived: z.boolean() });

export const CompoundScan = z.looseObject({
  compound_id: z.string().optional(),
  polyglot_scan_id: z.number().optional(),
  scans: z.array(ScanInfo).nullish(),
  findings_summaries: z.array(FindingsSummary).nullish(),
  counts: z.array(TagCount).nullish(),
});

export const CompoundScans = z.looseObject({
  scans: z
    .array(Scan)
    .nullish()
    .transform((v) => v ?? []),
});

const SeverityCounts = z.looseObject({
  critical: z.number().optional(),
  high: z.number().optional(),
  medium: z.number().optional(),
  low: z.number().optional(),
  unreachable: z.number().optional(),
});

export const StreamlinedScans = z.looseObject({
  agents: z.array(z.string()).nullish(),
  scans: z
    .array(
      z.looseObject({
        polyglot_scan_id: z.number(),
        created_at: z.string().optional(),
        agent: z.string().optional(),
        branch: z.string().optional(),
        languages: z.array(z.string()).nullish(),
        vulns: SeverityCounts.optional(),
        oss_vulns: SeverityCounts.optional(),
        container_vulns: SeverityCounts.optional(),
        secrets: z.number().optional(),
      }),
    )
    .nullish()
    .transform((v) => v ?? []),
});

export const FixStats = z.looseObject({
  organization_id: z.string().optional(),
  stats: z
    .array(z.looseObject({ compound_name: z.string().optional(), fix_count: z.number().optional() }))
    .nullish()
    .transform((v) => v ?? []),
});
