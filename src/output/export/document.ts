import type { Finding } from '@secscan/api/schemas/findings';
import type { DiffFinding, ScanDiff } from '@secscan/api/schemas/scans';
import type { TrendsReport } from '../../analytics/trends-model.js';
import type { AccessChange } from '../../access/plan.js';
import type { RunStamp } from '../formats/stamp.js';
import type { GateReport, NotEvaluated } from '../../gate/report.js';
import type { Rows, View } from '../core/view.js';

/**
 * What a verb hands the exporters when rows and a view are not the whole story: each type has its spec (its
 * rows, its whole, its reports: src/output/export/spec.ts, by type in registry.ts), the verb declares the
 * spec, -o chooses among its formats, and the same document can go to several files.
 */
export type Document =
  | FindingsDocument
  | GateDocument
  | GateNotEvaluatedDocument
  | CompareDocument
  | PolicyFileDocument
  | PolicyDiffDocument
  | RulesFileDocument
  | AccessFileDocument
  | AccessPlanDocument
  | AnswerDocument
  | TrendsDocument
  | SbomDocument
  | PatchDocument;

export type DocumentType = Document['type'];
export type DocumentOf<K extends DocumentType> = Extract<Document, { type: K }>;

/** Where a findings listing comes from: SARIF gives each app of a compound or organization its own run. */
export type FindingsScope =
  { level: 'app'; app: string } | { level: 'compound'; compound: string } | { level: 'org' };

/** `findings list`: the findings as pages arrive. */
export interface FindingsDocument {
  type: 'findings';
  findings: AsyncIterable<Finding>;
  scope: FindingsScope;
  /** --sarif-category; else the category is derived from the scope (and each run's app). */
  category?: string;
  /** On a terminal, after the rows: how many more the service has. */
  footer?: (count: number) => string | undefined;
  /**
   * An ignore file is in effect: each finding says whether it is `suppressed` (and by which entry), the
   * table shows it, SARIF carries the suppression, and the GitLab reports leave suppressed findings out.
   */
  suppressions?: { file: string };
  /**
   * Read once the listing has ended: the listing stopped where the user asked (--limit, --page) while the
   * service had more, so a report holds part of the answer and must say so. Undefined: it is the whole.
   */
  truncated?: () => Truncation | undefined;
}

/** A report that is not the whole answer, on request: what it holds, in words a report can carry. */
export interface Truncation {
  /** "the first 100 findings (--limit 100)", "page 2 (--page 2)". */
  holds: string;
  /** The flag that asked for it, and its value. */
  flag: '--limit' | '--page';
  value: number;
  /** Where that flag is written, as far as can be told: the CI configuration, for a report entry's path. */
  where: string;
}

/** What every report of one gate run shares: the tool's version, the SARIF category, when and where. */
export interface ReportContext {
  toolVersion: string;
  /** The SARIF `automationDetails.id` (ends with `/`); with one run per app, each app's id goes under it. */
  automationId: string;
  stamp: RunStamp;
  /**
   * Where a report's entry about the rules points (Code Quality's "not evaluated"): the rules file from the
   * repository's root, or the CI configuration for standard input, a stored policy or a file outside it.
   */
  rulesPath: string;
}

/** `scans check`: the verdict. */
export interface GateDocument {
  type: 'gate';
  report: GateReport;
  context: ReportContext;
}

/** `scans check` that did not reach a verdict: its reports say why (fail closed). */
export interface GateNotEvaluatedDocument {
  type: 'gate-not-evaluated';
  gate: NotEvaluated;
  context: ReportContext;
}

/** `scans compare`: the service's comparison and, with --fail-on, the findings that fail the gate. */
export interface CompareDocument {
  type: 'compare';
  app: string;
  source: string;
  target: string;
  diff: ScanDiff;
  /** --common: the rows include the findings both scans have. */
  common: boolean;
  gate?: {
    failOn: 'new' | 'regression';
    threshold: string | undefined;
    failing: DiffFinding[];
    /** With an ignore file: the findings that would fail the gate but an entry in effect suppresses. */
    suppressed?: DiffFinding[];
  };
  /** An ignore file is in effect: each finding says whether it is suppressed (the SUPPRESSED column). */
  suppressions?: { file: string };
}

/** `policies show`: a stored policy file. */
export interface PolicyFileDocument {
  type: 'policy-file';
  reference: string;
  content: string;
}

/** `policies diff`: a unified diff from the stored policy to a file. */
export interface PolicyDiffDocument {
  type: 'policy-diff';
  reference: string;
  exists: boolean;
  changed: boolean;
  diff: string;
}

/** `findings autofix`: a fix, its unified patch shown as a diff; the fix itself for json, ndjson and yaml. */
export interface PatchDocument {
  type: 'patch';
  item: Record<string, unknown>;
  patch: string;
}

/** `rules convert`: a rules file in secscan's shape, as YAML text or as its JSON form. */
export interface RulesFileDocument {
  type: 'rules-file';
  json: unknown;
  yaml: string;
}

/** `teams export`: the access file. */
export interface AccessFileDocument {
  type: 'access-file';
  doc: Record<string, unknown>;
}

/** `teams apply`: the plan (or what was applied). */
export interface AccessPlanDocument {
  type: 'access-plan';
  changes: AccessChange[];
}

/** The service's answer as a whole for json and yaml, and rows made from it for the other formats. */
export interface AnswerDocument {
  type: 'answer';
  answer: object;
  listing: Listing;
}

/** `reports trends`: the report; its summary draws charts in ASCII under TERM=dumb. */
export interface TrendsDocument {
  type: 'trends';
  report: TrendsReport;
  ascii: boolean;
}

/** `sbom`: a bill of materials, CycloneDX or SPDX: one JSON document. */
export interface SbomDocument {
  type: 'sbom';
  bom: object;
}

/** Rows and the view that shows them, typed together whatever their row type. */
export interface Listing {
  open<X>(use: <T extends object>(rows: Rows<T>, view: View<T>) => X): X;
  /** On a terminal, after the rows: what a person should know of them (how many more the service has). */
  footer?: (count: number) => string | undefined;
}

export function listing<T extends object>(
  rows: Rows<T>,
  view: View<T>,
  footer?: (count: number) => string | undefined,
): Listing {
  return { open: (use) => use(rows, view), ...(footer ? { footer } : {}) };
}
