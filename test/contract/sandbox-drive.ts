import type { QueryValue } from '@secscan/api/operation';
import type { OperationId } from '@secscan/api/operations';

/** What the run reads from the sandbox (directly, not through Prism) to address its requests. */
export interface Seeded {
  orgId: string;
  app: string;
  /** The app's latest scan and the one before (compared), and the latest scan's code version. */
  scan: string;
  otherScan: string;
  version: string;
  /** Two findings of the app's latest scan (a vuln first). */
  finding: string;
  secondFinding: string;
  compound: string;
  compoundId: string;
  polyglotScan: string;
  /** A seeded team, a human group in it, and a group in none. */
  team: string;
  teamGroup: string;
  group: string;
  /** A user to change the role of, and one to delete. */
  user: string;
  doomedUser: string;
  failure: string;
  backup: string;
  /** The role of CI tokens (from the role listing). */
  ciRole: string;
  /** Learnt by `before` steps from what earlier steps created. */
  comment?: string;
  role?: string;
  token?: string;
  newTeam?: string;
  search?: string;
  /** The OAuth callbacks' addresses (path and query), from answering the stand-in consent pages. */
  callback?: string;
}

/** Reads of the sandbox itself (with the Super Admin's token), for `before` steps. */
export interface Direct {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- steps read arbitrary JSON answers.
  read(op: OperationId, path?: Record<string, string>, query?: string): Promise<any>;
  /** Starts an authorization and answers its stand-in consent page: the callback's path and query. */
  approve(service: 'chat' | 'board'): Promise<string>;
}

type Of<T> = T | ((s: Seeded) => T);
/** A JSON body (an object or an array) or a text one (YAML). */
type Body = string | readonly unknown[] | Readonly<Record<string, unknown>>;

/**
 * One request of an operation: what the Prism run drives through the validation proxy. `path` lacks
 * `orgID` (the sandbox's); `raw` is a path and query used as they are (the OAuth callbacks).
 */
export interface DriveStep {
  op: OperationId;
  path?: Of<Record<string, string>>;
  query?: Of<Record<string, QueryValue>>;
  body?: Of<Body>;
  raw?: Of<string>;
  /** A status other than a success that the specification says this request gets, and why. */
  answers?: { status: number; because: string };
  /** Runs first, against the sandbox itself: to learn an id a previous step created. */
  before?: (seeded: Seeded, direct: Direct) => Promise<void>;
}

export const resolve = <T>(value: Of<T> | undefined, seeded: Seeded): T | undefined =>
  typeof value === 'function' ? (value as (s: Seeded) => T)(seeded) : value;

const policy =
  'version: 2\nbuild_rules:\n  - id: no-critical\n    finding_types: [vuln]\n' +
  '    cvss_31_severity_ratings: [critical]\n    threshold: 0\n';

export const app = (s: Seeded) => ({ appID: s.app });
export const finding = (s: Seeded) => ({ appID: s.app, findingID: s.finding });
export const scan = (s: Seeded) => ({ appID: s.app, scanID: s.scan });
export const compound = (s: Seeded) => ({ compoundName: s.compound });
export const team = (s: Seeded) => ({ rbacTeamID: s.team });
export const newTeam = (s: Seeded) => ({ rbacTeamID: s.newTeam as string });

/**
 * The reads of every area, valid for the seeded sandbox (seed 1, with the audit log): they run first, on the
 * seed as it is. `writeSteps()` (sandbox-drive-writes.ts) follows with what creates, changes and deletes.
 */
export function readSteps(): DriveStep[] {
  return [
    // The organization, the caller and the catalogs.
    { op: 'ReadUser' },
    { op: 'GetAlertingEvents' },
    { op: 'ListRoles' },
    { op: 'ListOrgRBACRoles' },
    { op: 'ListAvailableRBACScopes' },
    { op: 'ListMyOrgScopes' },
    { op: 'ListMyAppScopes', path: app },
    { op: 'ListMyTeamScopes', path: team },
    { op: 'ListTokens', query: { show_expired: true } },
    { op: 'ReadOrgConfig' },
    { op: 'ReadOrgAutoFixConfig' },
    { op: 'ListOrgSAMLConfigs' },
    { op: 'ListSavedSearches' },
    { op: 'ListOrganizationBackups' },
    { op: 'DownloadOrganizationBackup', query: (s) => ({ backup_id: s.backup }) },
    { op: 'ListAnalyzeFailures' },
    { op: 'GetAnalyzeFailure', path: (s) => ({ failureId: s.failure }) },
    { op: 'getFixesPerCompoundStats' },
    { op: 'GetOrgSCMSecretsAuditLog', query: { 'by-project': true } },
    { op: 'DownloadAuditLog', path: { auditYear: '2026', auditMonth: '8' } },
    { op: 'DownloadDailyAuditLog', path: { auditYear: '2026', auditMonth: '8', auditDay: '12' } },
    { op: 'RetrievePackageInfo', body: { purls: ['pkg:maven/commons-io/commons-io@2.5'] } },
    { op: 'SearchDependency', query: { search: 'commons', from: 1_700_000_000 } },
    // People and teams.
    { op: 'ListOrgRBACUsers' },
    { op: 'ListOrgRBACInvitations' },
    { op: 'ListTeams' },
    { op: 'ReadTeam', path: team },
    { op: 'ListGroups', path: team },
    { op: 'ReadTeamGroup', path: (s) => ({ rbacTeamID: s.team, groupID: s.teamGroup }) },
    { op: 'ListHumanGroups' },
    { op: 'ReadGroup', path: (s) => ({ groupID: s.group }) },
    { op: 'ReadTeamConfig', path: team },
    { op: 'ReadMergedTeamConfig', path: team },
    // Apps, scans and findings.
    { op: 'ListApps' },
    { op: 'ReadApp', path: app },
    { op: 'ListAppsBranches', query: (s) => ({ app: s.app, from: 1_700_000_000 }) },
    { op: 'ListAppBranches', path: app },
    { op: 'ReadAppConfig', path: app },
    { op: 'ReadMergedAppConfig', path: app },
    { op: 'ReadOrgGroups' },
    { op: 'ReadAppGroup', path: { appGroupName: 'payments' } },
    { op: 'ListAppVersions', path: app },
    { op: 'ReadAppVersion', path: (s) => ({ appID: s.app, versionID: s.version }) },
    { op: 'ListScans', path: app },
    { op: 'ReadScan', path: scan },
    { op: 'ScansCheckReport', path: scan },
    {
      op: 'ListScansCompare',
      path: app,
      query: (s) => ({ source: `scan.${s.otherScan}`, target: `scan.${s.scan}` }),
    },
    { op: 'ReadAppScanFindingsOWASPGrouped', path: scan },
    { op: 'ReadScanPCIDSSReport', path: scan },
    { op: 'ReadDetailedOWASPReport', path: (s) => ({ ...scan(s), year: '2021', ext: 'html' }) },
    { op: 'ReadCWEReport', path: (s) => ({ ...scan(s), ext: 'pdf' }) },
    { op: 'ListAppFindings', path: app, query: { status: 'any', per_page: 100 } },
    { op: 'ReadAppFinding', path: finding },
    { op: 'ReadRecommendedFix', path: finding },
    {
      op: 'ReadFindingFix',
      path: finding,
      answers: { status: 404, because: 'the applied-fix feature is off until the vendor enables it' },
    },
    { op: 'ListAppFindingComments', path: finding },
    { op: 'ReadAppSCAPackages', path: app },
    { op: 'ListOrgFindings', query: { status: 'any', per_page: 100 } },
    { op: 'ReadOrgFindingsSummary' },
    // Compounds.
    { op: 'ListOrgCompounds' },
    { op: 'ReadCompoundShallow', path: (s) => ({ compoundID: s.compoundId }) },
    { op: 'ReadCompoundShallowByID', path: (s) => ({ compoundID: s.compoundId }) },
    { op: 'ReadCompoundShallowByName', path: compound },
    { op: 'ReadCompoundFull', path: (s) => ({ compoundID: s.compoundId }) },
    { op: 'CompoundBranches', path: compound },
    { op: 'ListScansInCompound', path: compound },
    { op: 'ReadCompoundScan', path: (s) => ({ compoundName: s.compound, scanID: s.polyglotScan }) },
    { op: 'GetStreamlinedScans', path: compound },
    { op: 'ListCompoundFindings', path: compound, query: { finding_search: 'injection', per_page: 100 } },
    { op: 'ListCompoundFindingsDEPRECATED', path: compound, query: { status: 'any' } },
    { op: 'DownloadSarifReport', path: compound },
    { op: 'ReadCompoundSCAPackages', path: compound },
    {
      op: 'CheckScans',
      path: (s) => ({ compoundName: s.app }),
      body: {
        version: 2,
        meta: { kind: 'single', num_findings: 100 },
        rules: [{ id: 'no-critical', tags: { severity: ['critical'] }, threshold: 0 }],
      },
    },
    // Check-analysis configurations.
    { op: 'ListCheckAnalysisConfiguration' },
    {
      op: 'UpsertCheckAnalysisConfiguration',
      path: { reference: 'contract' },
      query: { tag: '1' },
      body: policy,
    },
    { op: 'ResolveCheckAnalysisConfiguration', path: { reference: 'contract:1' } },
  ];
}
