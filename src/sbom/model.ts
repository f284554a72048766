import type { SuppressionRef } from '../ignores/match.js';
import type { Justification } from '../ignores/vex.js';

/**
 * What a bill of materials says, whatever its format: the subject (an app, a compound, the organization),
 * the scans it was read from, the packages they found and the dependency findings on those packages with
 * the service's triage. Every list is sorted, so one scan gives one document.
 */

export interface ScanRef {
  app: string;
  /** The app's name, when the service gives one besides its id. */
  appName?: string | undefined;
  id: string;
  /** The scanned commit or version (`version`, else the scan's `commit` tag). */
  version?: string | undefined;
  branch?: string | undefined;
  /** When the scan completed (else started), ISO 8601 in UTC. */
  time: string;
}

export interface SbomPackage {
  purl: string;
  name: string;
  /** The purl's namespace (a Maven group, an npm scope, a Go module's path). */
  namespace: string;
  type: string;
  version: string;
  /** As the service names them (SPDX identifiers or expressions, or free text); never NOASSERTION. */
  licenses: string[];
  /** The apps whose scans found it. */
  apps: string[];
  container: boolean;
}

/** The states of a vulnerability's analysis (CycloneDX's `impactAnalysisState`) secscan writes. */
export type AnalysisState = 'resolved' | 'not_affected' | 'false_positive' | 'exploitable' | 'in_triage';

/**
 * The analysis of a vulnerability as VEX has it (CycloneDX's `analysis`): `not_affected` always with its
 * justification (OpenVEX and CSAF require one), `exploitable` with `will_not_fix` when the risk is accepted.
 */
export type Analysis = (
  | { state: 'not_affected'; justification: Justification }
  | { state: Exclude<AnalysisState, 'not_affected'>; justification?: undefined }
) & {
  response?: 'will_not_fix'[] | undefined;
  /** Why, in words: what stated it (the ignore file's entry, a tag, the reachability) and the service's triage. */
  detail: string;
  /** The entry of the ignore file that suppresses the finding. */
  suppression?: SuppressionRef | undefined;
};

export interface Advisory {
  description?: string | undefined;
  cwes: number[];
  references: { url: string; name: string }[];
  published?: string | undefined;
  updated?: string | undefined;
  vector?: string | undefined;
}

/**
 * An advisory on one package: the dependency finding whose analysis is the most severe of those that find it
 * (one finding, or several of an app or of several apps: `others`), with its triage.
 */
export interface SbomVulnerability {
  app: string;
  finding: string;
  purl: string;
  /** The CVE, else the service's advisory id. */
  advisory: string;
  /** Other ids of the same advisory (the service's GHSA-like id beside a CVE). */
  aliases: string[];
  severity: string;
  score?: number | undefined;
  status: string;
  reachability?: string | undefined;
  title: string;
  analysis: Analysis;
  /**
   * The other findings of the same advisory on the same package (this app's or other apps'), whose analysis
   * this one's outranks: a document states one analysis per vulnerability and package (see `mergeFindings`).
   */
  others: FindingVerdict[];
}

/** One finding's own analysis, as the document's `detail` names it when another finding's was taken. */
export interface FindingVerdict {
  app: string;
  finding: string;
  status: string;
  analysis: Analysis;
}

export type SubjectKind = 'app' | 'compound' | 'organization';

export interface Inventory {
  org: string;
  subject: { kind: SubjectKind; name: string; id?: string | undefined };
  /** The compound scan, for a compound. */
  polyglotScan?: string | undefined;
  /** One per app, sorted by app. */
  scans: ScanRef[];
  /** The latest of the scans' times: the document's time. */
  time: string;
  packages: SbomPackage[];
  /** One per advisory and package, sorted by advisory, then package. */
  vulnerabilities: SbomVulnerability[];
  /** What the package look-up says of each advisory, by id. */
  advisories: Map<string, Advisory>;
  /** Apps of an organization-wide run that have no scan to read (or no packages listing). */
  skipped: { app: string; reason: string }[];
}

/** A stable key of what the document was read from, for its serial number. */
export function scanKey(inv: Inventory): string {
  const scans = inv.scans.map((s) => `${s.app}@${s.id}`).join(',');
  return [inv.org, inv.subject.kind, inv.subject.name, inv.polyglotScan ?? '', scans].join('\u0000');
}
