import * as z from 'zod';
import { requiredList, TagKV } from './common.js';

const Counts = z.looseObject({
  total: z.number().optional(),
  total_fixed: z.number().optional(),
  total_ignored: z.number().optional(),
});

export const FindingsSummary = z.looseObject({
  finding_type: z.string().optional(),
  total: z.number().optional(),
  total_reachable: z.number().optional(),
  total_ignored: z.number().optional(),
  total_fixed: z.number().optional(),
  by_severity: z.record(z.string(), Counts).optional(),
  by_category: z.record(z.string(), Counts).optional(),
  by_assignee: z.record(z.string(), Counts).optional(),
});
export type FindingsSummary = z.infer<typeof FindingsSummary>;

export const TagCount = z.looseObject({
  key: z.string().optional(),
  value: z.union([z.string(), z.number()]).optional(),
  finding_type: z.string().optional(),
  count: z.number().optional(),
});

/** The compare form carries only the first fields; the full form adds counts and summaries. */
export const ScanInfo = z.looseObject({
  id: z.string(),
  app: z.string().optional(),
  version: z.string().optional(),
  successful: z.boolean().optional(),
  started_at: z.string().optional(),
  completed_at: z.string().optional(),
  language: z.string().optional(),
  number_of_expressions: z.number().optional(),
  tags: z.record(z.string(), z.unknown()).optional(),
});

export const Scan = ScanInfo.extend({
  app: z.string(),
  version: z.string(),
  successful: z.boolean(),
  is_default_branch: z.boolean().optional(),
  oss_info: z
    .looseObject({
      enabled: z.boolean().optional(),
      successful: z.boolean().optional(),
      failure_reason: z.string().optional(),
    })
    .optional(),
  counts: z.array(TagCount).optional(),
  findings_summaries: z.array(FindingsSummary).optional(),
  total: z.number().optional(),
  total_fixed: z.number().optional(),
  total_ignored: z.number().optional(),
});
export type Scan = z.infer<typeof Scan>;

export const DiffFinding = z.looseObject({
  id: z.string(),
  app: z.string().optional(),
  type: z.string().optional(),
  title: z.string().optional(),
  severity: z.string().optional(),
  owasp_category: z.string().optional(),
  category: z.string().optional(),
  version_first_seen: z.string().optional(),
  internal_id: z.string().optional(),
  tags: z.array(TagKV).optional(),
  regression: z.boolean().optional(),
});
export type DiffFinding = z.infer<typeof DiffFinding>;

export const ScanDiff = z.looseObject({
  source: ScanInfo,
  target: ScanInfo,
  new: requiredList(DiffFinding),
  fixed: requiredList(DiffFinding),
  common: requiredList(DiffFinding),
});
export type ScanDiff = z.infer<typeof ScanDiff>;

/** `scan.<number>` or `tag.<key>=<value>`: a scan of an app in ListScansCompare and the findings lists. */
export { scanRefPattern } from '../values.js';

export const CheckRule = z.strictObject({
  id: z.string().min(1),
  tags: z.record(z.string(), z.array(z.string())).optional(),
  threshold: z.number().int().min(0).optional(),
  num_findings: z.number().int().min(0).max(100).optional(),
});
export type CheckRule = z.infer<typeof CheckRule>;

const CheckScanSelector = z.union([
  z.strictObject({ branch: z.string().min(1) }),
  z.strictObject({ scan: z.number().int().positive() }),
]);

/**
 * A rules file (`scans check --rules`) and a stored check-analysis policy: the rules of a CheckBody, and
 * optionally the baseline (`source`) a diff check compares with when no flag names one.
 */
export const CheckRulesFile = z.strictObject({
  version: z.literal(2).optional(),
  source: CheckScanSelector.optional(),
  rules: z.array(CheckRule).min(1, 'at least one rule is needed'),
});
export type CheckRulesFile = z.infer<typeof CheckRulesFile>;

export const CheckBody = z.strictObject({
  version: z.literal(2),
  meta: z.strictObject({
    kind: z.enum(['single', 'diff']),
    num_findings: z.number().int().min(0).max(100).optional(),
    'send-to-tracker': z.boolean().optional(),
  }),
  source: CheckScanSelector.optional(),
  target: CheckScanSelector.optional(),
  rules: z.array(CheckRule).min(1),
});
export type CheckBody = z.infer<typeof CheckBody>;

/** A count: a whole number, zero or more (a negative or fractional count is a wrong shape, never a pass). */
const Count = z.number().int().nonnegative();

/**
 * A rule's (or the totals') result: `matched` findings matched the rule, `reachable` of them are reachable,
 * `over_threshold` is how many more than the rule's threshold matched. Counts are whole numbers, zero or
 * more; whether they agree with each other and with the thresholds sent, a gate checks before it decides
 * (src/gate/report.ts).
 */
export const CheckSummary = z.looseObject({
  by_tag: z.record(z.string(), z.record(z.string(), Count)).optional(),
  reachable: Count.optional(),
  matched: Count,
  over_threshold: Count,
  findings: z
    .array(
      z.looseObject({
        id: z.number().int().nonnegative().optional(),
        title: z.string().optional(),
        tags: z.record(z.string(), z.array(z.string())).optional(),
      }),
    )
    .optional(),
});
export type CheckSummary = z.infer<typeof CheckSummary>;

export const CheckResult = z.looseObject({
  source: z.looseObject({ id: z.number().int().nonnegative() }).optional(),
  target: z.looseObject({ id: z.number().int().nonnegative() }),
  rules: z.record(z.string(), CheckSummary),
  totals: CheckSummary.optional(),
});
export type CheckResult = z.infer<typeof CheckResult>;

/** Year (`2017`, `2021`) to OWASP category to finding-category name to count. */
export const OwaspCounts = z.record(z.string(), z.record(z.string(), z.record(z.string(), z.number())));
export type OwaspCounts = z.infer<typeof OwaspCounts>;
