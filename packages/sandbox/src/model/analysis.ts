import type { FindingType } from '@secscan/api/values';

/**
 * Scans, compounds and findings of the sandbox's organization: the data the findings, scans, compounds and
 * reports areas serve and compute from. Findings persist across scans; a scan lists the ids present in it.
 */

export type { FindingType };
export type Severity = 'low' | 'medium' | 'high' | 'critical';
export type FindingStatus = 'unset' | 'fixed' | 'ignored' | '3rdparty';

/** A finding tag: the value is a string, numbers included (`cvss_score` is `"7.2"`), as the service sends. */
export interface FindingTag {
  key: string;
  value: string;
}

export interface FindingRecord {
  /** Numeric string, unique in the organization (bulk operations send it as an integer). */
  id: string;
  app: string;
  type: FindingType;
  title: string;
  description: string;
  severity: Severity;
  /** OWASP 2021 category key, e.g. `a03-injection`. */
  owasp_category: string;
  /** OWASP 2017 category key, e.g. `a1-injection` (for the OWASP counts by year). */
  owasp_2017: string;
  category: string;
  cwe: number;
  status: FindingStatus;
  assignee?: string;
  version_first_seen: string;
  internal_id: string;
  created_at: string;
  reachable: boolean;
  exploitable: boolean;
  has_ai_fix: boolean;
  /**
   * The API's `details`, shaped by type as the service shapes them: `vuln` has `file_locations`,
   * `source_method`, `sink_method` and `dataflow`; `secret` and `extscan` have `fileName`, `lineNumber` and
   * `repoContext`; dependency findings have `dependency{artifact_id, version}` (their place is a tag).
   */
  details: Record<string, unknown>;
  tags: FindingTag[];
  /** Id of the scan the finding was first seen in. */
  scan_first_seen?: string;
  /** Dependency findings: the package URL and its advisory (SCA packages and package information read it). */
  dependency?: { purl: string; cve?: string; cvss?: number; fixed_in?: string };
  /** Recommended fix (markdown) and notes. */
  fix: { fix: string; fix_notes: string };
}

export type ScanStatus = 'completed' | 'running' | 'failed';

export interface ScanRecord {
  /** Numeric string, unique in the organization. */
  id: string;
  app: string;
  version: string;
  branch: string;
  is_default_branch: boolean;
  status: ScanStatus;
  started_at: string;
  completed_at?: string;
  language: string;
  number_of_expressions: number;
  tags: Record<string, string>;
  oss_info: { enabled: boolean; successful: boolean; failure_reason: string };
  /** The compound scan this app scan was part of. */
  polyglot_scan_id?: number;
  /** Ids of the findings present in this scan (empty for failed and running scans). */
  finding_ids: string[];
}

export interface CompoundRecord {
  id: string;
  name: string;
  archived: boolean;
  app_ids: string[];
}

/** A compound scan: one app scan per app of the compound, on one branch. */
export interface PolyglotScanRecord {
  id: number;
  compound_id: string;
  branch: string;
  version: string;
  status: ScanStatus;
  started_at: string;
  completed_at?: string;
  tags: Record<string, string>;
  scan_ids: string[];
}

export interface CommentRecord {
  id: string;
  app_id: string;
  finding_id: string;
  created_at: string;
  owner: { email: string; name: string };
  comment: string;
}

/**
 * A scan recorded as running (`sandbox scan --running`): its scans (and compound scan) stay `running` until
 * `ends_at`, then complete with these changes, or fail.
 */
export interface PendingScan {
  scan_ids: string[];
  polyglot_id?: number;
  /** When it was recorded, and when it ends (ISO times). */
  recorded_at: string;
  ends_at: string;
  outcome: 'completed' | 'failed';
  changes: {
    new?: { severity: Severity; type?: FindingType; count: number }[];
    fix?: number;
    reappear?: number;
  };
}

/**
 * A fix AutoFix was asked for (RequestFindingFix): made against the demo sources when it was asked for, shown
 * once `ready_at` has come (ReadRecommendedFix, ListBranchFixes).
 */
export interface FixRecord {
  finding_id: string;
  app: string;
  branch: string;
  fingerprint: string;
  rule: string;
  requested_at: string;
  /** When it is ready (the sandbox's AutoFix delay after the request). */
  ready_at: string;
  unified_patch: string;
  /** Each change, as the recommended fix's markdown names it: lines `from` to `until` of `file`, replaced. */
  changes: { title: string; file: string; from: number; until: number; lines: string[] }[];
}

export interface AnalysisSection {
  scans: ScanRecord[];
  /** AutoFix's fixes (absent in state files written before the sandbox made them). */
  fixes?: FixRecord[];
  /** Scans under way (absent in state files written before scans could run). */
  pending?: PendingScan[];
  findings: FindingRecord[];
  compounds: CompoundRecord[];
  polyglotScans: PolyglotScanRecord[];
  comments: CommentRecord[];
  /** Next free numeric ids. */
  next: { scan: number; finding: number; comment: number; polyglot: number };
}

/**
 * The analyser that finds the findings, as the service names it in its reports (the SARIF tool, a PDF's
 * producer): the vendor's name, never the sandbox's.
 */
export const analyserName = 'Qwiet';
