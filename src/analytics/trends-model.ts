/**
 * The security programme's trends: what `secscan reports trends` computes from the scan history of each
 * app's default branch and prints in every format. Pure data: no client, no output.
 */

export const severityOrder = ['critical', 'high', 'medium', 'low'] as const;
export type Dimension = 'severity' | 'app' | 'team';

/** The SLA by severity, in days: how long a finding of that severity may stay open. */
export const defaultSla: Readonly<Record<string, number>> = { critical: 7, high: 30, medium: 90, low: 180 };

/** The team of an app that has none, where numbers are grouped by team. */
export const noTeam = '(no team)';

/** A finding as the history needs it (its status is the current one). */
export interface FindingFacts {
  id: string;
  severity: string;
  type: string;
  title: string;
  status: string;
  /** When the scan that first saw it ran (any branch); undefined when the history does not say. */
  firstSeen: number | undefined;
}

/** A completed scan of the default branch: when it completed and the findings in it. */
export interface ScanFacts {
  id: string;
  at: number;
  present: ReadonlySet<string>;
}

export interface AppHistory {
  app: string;
  team: string | undefined;
  /** Oldest first: the last scan before the window's start (if any), then those in the window. */
  scans: readonly ScanFacts[];
  findings: ReadonlyMap<string, FindingFacts>;
}

/** The window is [since, until): a scan at `until` is after it; "now" for SLA ages is `until`. */
export interface TrendsInput {
  since: number;
  until: number;
  sla: Readonly<Record<string, number>>;
  by: Dimension;
  apps: readonly AppHistory[];
}

/** Counts by group (severity, app or team) and their total. */
export type Counts = Record<string, number> & { total: number };

export interface WeekRow {
  /** The Monday (UTC) the week starts on, `YYYY-MM-DD`; the first and last weeks may be cut by the window. */
  week: string;
  new: Counts;
  reopened: Counts;
  fixed: Counts;
  /** Open at the week's end (or at the window's end, for the last week): the latest scans before it. */
  open: Counts;
}

export interface TimeToFix {
  /** The severity, app or team. */
  group: string;
  /** The team, for rows by app. */
  team?: string;
  fixes: number;
  mean_days: number | null;
  median_days: number | null;
}

export interface SlaRow {
  group: string;
  team?: string;
  /** For rows by severity: the SLA in days (null: none set). */
  sla_days?: number | null;
  open: number;
  open_past_sla: number;
  fixed: number;
  fixed_late: number;
}

export interface Breach {
  app: string;
  team: string;
  finding: string;
  severity: string;
  type: string;
  title: string;
  /** When it was first seen (or came back). */
  open_since: string;
  age_days: number;
  sla_days: number;
  over_by_days: number;
}

/** What every number was computed from; each output prints it. */
export interface Basis {
  since: string;
  until: string;
  days: number;
  apps: number;
  scans: number;
  branch: string;
  open: string;
  new: string;
  fixed: string;
  excluded: string;
  time_to_fix: string;
  sla: string;
  sla_days: Record<string, number>;
  weeks: string;
  by: Dimension;
}

export interface TrendsReport {
  basis: Basis;
  summary: {
    open: Counts;
    open_at_start: Counts;
    new: number;
    reopened: number;
    fixed: number;
    mean_days_to_fix: number | null;
    median_days_to_fix: number | null;
    open_past_sla: number;
    fixed_late: number;
  };
  /** Weekly numbers grouped by `basis.by`. */
  weekly: WeekRow[];
  /** The same weeks by severity, whatever `by` is (the charts read it; equal to `weekly` by severity). */
  weekly_by_severity: WeekRow[];
  time_to_fix: { by_severity: TimeToFix[]; by_app: TimeToFix[]; by_team: TimeToFix[] };
  sla: { by_severity: SlaRow[]; by_app: SlaRow[]; by_team: SlaRow[]; breaches: Breach[] };
}

export const basisText = {
  branch: "each app's default branch (base_branch): its successful scans, dated by completion",
  open: "present in the app's latest default-branch scan at that time",
  new: 'first present in a default-branch scan (absent from the one before); reopened: present again after a fix',
  fixed:
    'present in one default-branch scan and absent from the next: fixed when that scan completed (a status of fixed without such a scan does not count)',
  excluded:
    'findings now ignored or 3rdparty: neither open nor fixed anywhere (the data does not say when they were triaged)',
  time_to_fix:
    'from first seen (the scan that first saw it, any branch; for a finding that came back, its return) to fixed, for fixes in the window',
  sla: 'open past SLA: open at the end of the window longer than its severity allows; fixed late: fixed in the window after longer than that',
  weeks: 'weeks start on Monday, 00:00 UTC; the first and last may be cut by the window',
};
