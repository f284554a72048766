import * as z from 'zod';
import { statusUpdates } from '../values.js';
import { requiredList, TagKV } from './common.js';

export {
  findingStatuses,
  findingTypes,
  scanLanguages,
  scanPlatforms,
  severities,
  statusUpdates,
} from '../values.js';

export const Finding = z.looseObject({
  id: z.string(),
  app: z.string(),
  type: z.string(),
  internal_id: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  severity: z.string().optional(),
  owasp_category: z.string().optional(),
  category: z.string().optional(),
  status: z.string().optional(),
  assignee: z.string().optional(),
  version_first_seen: z.string().optional(),
  details: z.record(z.string(), z.unknown()).optional(),
  tags: z.array(TagKV).optional(),
  regression: z.boolean().optional(),
});
export type Finding = z.infer<typeof Finding>;

export const ScanSummary = z.looseObject({
  id: z.string(),
  app: z.string(),
  version: z.string(),
  successful: z.boolean(),
});

export const TagCount = z.looseObject({
  key: z.string().optional(),
  value: z.union([z.string(), z.number()]).optional(),
  finding_type: z.string().optional(),
  count: z.number().optional(),
});

export const FindingsPage = z.looseObject({
  has_more: z.boolean().optional(),
  scan: ScanSummary.optional(),
  findings: requiredList(Finding),
  // Absent when no finding matches.
  counts: z.array(TagCount).optional(),
});
export type FindingsPage = z.infer<typeof FindingsPage>;

/**
 * ListAppFindings or ListOrgFindings with `only_counts`: the tag counts of every finding the query matches
 * (absent when none does) and the scan counted, without the findings themselves.
 */
export const FindingCounts = z.looseObject({
  has_more: z.boolean().optional(),
  scan: ScanSummary.extend({
    started_at: z.string().optional(),
    completed_at: z.string().optional(),
    is_default_branch: z.boolean().optional(),
  }).optional(),
  // Left out when no finding matches; null is an answer of another shape (exit 8), never zero.
  counts: z.array(TagCount).optional(),
});
export type FindingCounts = z.infer<typeof FindingCounts>;

export const CompoundFindingsPage = z.looseObject({
  has_more: z.boolean().optional(),
  polyglot_scan: z
    .looseObject({
      compound_id: z.string().optional(),
      polyglot_scan_id: z.number().optional(),
      scans: z.array(ScanSummary).optional(),
    })
    .optional(),
  findings: requiredList(Finding),
  total_count: z.number().optional(),
  counts: z
    .array(
      z.looseObject({
        key: z.string().optional(),
        value_counts: z.record(z.string(), z.number()).optional(),
      }),
    )
    .optional(),
});
export type CompoundFindingsPage = z.infer<typeof CompoundFindingsPage>;

const Totals = z.looseObject({
  total: z.number().optional(),
  total_fixed: z.number().optional(),
  total_ignored: z.number().optional(),
});

export const FindingsSummary = z.looseObject({
  finding_type: z.string().optional(),
  total: z.number(),
  total_reachable: z.number().optional(),
  total_ignored: z.number().optional(),
  total_fixed: z.number().optional(),
  by_severity: z.record(z.string(), Totals).optional(),
  by_category: z.record(z.string(), Totals).optional(),
  by_assignee: z.record(z.string(), Totals).optional(),
});
export type FindingsSummary = z.infer<typeof FindingsSummary>;

export const OrgFindingsSummary = z.looseObject({
  findings_summaries: requiredList(FindingsSummary),
  apps: requiredList(
    z.looseObject({
      app: z.string(),
      findings_summaries: requiredList(FindingsSummary),
      scan: ScanSummary.optional(),
    }),
  ),
});

export const StatusBody = z.strictObject({
  status: z.enum(statusUpdates).optional(),
  optional_comment: z.string().optional(),
});
export const AssigneeBody = z.strictObject({ assignee: z.string() });
export const BulkStatusBody = z.strictObject({
  findings: z.array(z.number().int().positive()).min(1),
  status: z.enum(statusUpdates).optional(),
});
export const BulkAssigneeBody = z.strictObject({
  findings: z.array(z.number().int().positive()).min(1),
  assignee: z.string(),
});

/** A step of a finding's dataflow in a scan (ReadFindingDataflow, a path of the vendor's clients). */
export const DataflowStep = z.looseObject({
  file_name: z.string(),
  line_number: z.number().int(),
  symbol: z.string().optional(),
  role: z.string().optional(),
});
export const FindingDataflow = z.looseObject({ dataflow: requiredList(DataflowStep) });
export type FindingDataflow = z.infer<typeof FindingDataflow>;
