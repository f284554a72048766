import { type Operation, pathParams, type QueryValue } from '@secscan/api/operation';
import type { OperationId } from '@secscan/api/operations';

/** What the run reads from the sandbox (directly, not through Prism) to address its requests. */
export interface Seeded {
  orgId: string;
  app: string;
  /** The app's default branch, its latest scan and the one before (compared), and its code version. */
  branch: string;
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
export interface Step {
  path?: Of<Record<string, string>>;
  query?: Of<Record<string, QueryValue>>;
  body?: Of<Body>;
  raw?: Of<string>;
  /** A status other than a success that the specification says this request gets, and why. */
  answers?: { status: number; because: string };
  /** Runs first, against the sandbox itself: to learn an id a previous step created. */
  before?: (seeded: Seeded, direct: Direct) => Promise<void>;
}

/** A step as driven: its operation and its request. */
export interface DriveStep extends Step {
  op: OperationId;
}

/** Explicit steps, keyed by operationId (in the order they run). */
export type Steps = Partial<Record<OperationId, Step>>;

export const resolve = <T>(value: Of<T> | undefined, seeded: Seeded): T | undefined =>
  typeof value === 'function' ? (value as (s: Seeded) => T)(seeded) : value;

export const app = (s: Seeded) => ({ appID: s.app });
export const finding = (s: Seeded) => ({ appID: s.app, findingID: s.finding });
export const scan = (s: Seeded) => ({ appID: s.app, scanID: s.scan });
export const compound = (s: Seeded) => ({ compoundName: s.compound });
export const team = (s: Seeded) => ({ rbacTeamID: s.team });
export const newTeam = (s: Seeded) => ({ rbacTeamID: s.newTeam as string });

/**
 * The path parameters of the seeded sandbox, by name: a GET with no explicit step is sent with these (its
 * path parameters taken by name), and the values no seed holds (a report's year and format, an audit day).
 */
export const byName = (s: Seeded): Readonly<Record<string, string>> => ({
  appID: s.app,
  scanID: s.scan,
  versionID: s.version,
  findingID: s.finding,
  compoundName: s.compound,
  compoundID: s.compoundId,
  rbacTeamID: s.team,
  groupID: s.group,
  failureId: s.failure,
  appGroupName: 'payments',
  year: '2021',
  ext: 'html',
  auditYear: '2026',
  auditMonth: '8',
  auditDay: '12',
});

/**
 * The step of an operation with no explicit one: a GET, sent with its path parameters by name from the
 * seeded sandbox (`byName`) and no query. Anything else needs an explicit step, which its failure names.
 */
export function derivedStep(op: Operation): DriveStep {
  const id = op.id as OperationId;
  if (op.method !== 'GET') {
    return {
      op: id,
      before: () =>
        Promise.reject(
          new Error(
            `${op.method} ${op.path} has no step: a write's goes in writeSteps() of ` +
              'test/contract/sandbox-drive-writes.ts, keyed by its operationId',
          ),
        ),
    };
  }
  return {
    op: id,
    path: (s) => {
      const values = byName(s);
      const missing = pathParams(op.path).filter((name) => name !== 'orgID' && values[name] === undefined);
      if (missing.length > 0) {
        throw new Error(
          `no seeded value for the path parameter ${missing.join(', ')}: add it to byName() or give ` +
            `${id} an explicit step in readSteps() of test/contract/sandbox-drive.ts`,
        );
      }
      return values;
    },
  };
}

/**
 * The reads a derived step cannot make, keyed by operationId: a required or worth-checking query, a body, a
 * status other than a success, a path parameter other than the seed's by name. They run first, with every
 * derived read, on the seed as it is; `writeSteps()` (sandbox-drive-writes.ts) follows with what creates,
 * changes and deletes, and the reads of what those made.
 */
export function readSteps(): Steps {
  return {
    ListTokens: { query: { show_expired: true } },
    DownloadOrganizationBackup: { query: (s) => ({ backup_id: s.backup }) },
    GetOrgSCMSecretsAuditLog: { query: { 'by-project': true } },
    RetrievePackageInfo: { body: { purls: ['pkg:maven/commons-io/commons-io@2.5'] } },
    SearchDependency: { query: { search: 'commons', from: 1_700_000_000 } },
    ReadTeamGroup: { path: (s) => ({ rbacTeamID: s.team, groupID: s.teamGroup }) },
    ListAppsBranches: { query: (s) => ({ app: s.app, from: 1_700_000_000 }) },
    ListScansCompare: { query: (s) => ({ source: `scan.${s.otherScan}`, target: `scan.${s.scan}` }) },
    ReadCWEReport: { path: (s) => ({ ...scan(s), ext: 'pdf' }) },
    ListAppFindings: { query: { status: 'any', per_page: 100 } },
    ReadFindingFix: {
      answers: { status: 404, because: 'the applied-fix feature is off until the vendor enables it' },
    },
    ListOrgFindings: { query: { status: 'any', per_page: 100 } },
    ReadCompoundScan: { path: (s) => ({ compoundName: s.compound, scanID: s.polyglotScan }) },
    ListCompoundFindings: { query: { finding_search: 'injection', per_page: 100 } },
    ListCompoundFindingsDEPRECATED: { query: { status: 'any' } },
    CheckScans: {
      path: (s) => ({ compoundName: s.app }),
      body: {
        version: 2,
        meta: { kind: 'single', num_findings: 100 },
        rules: [{ id: 'no-critical', tags: { severity: ['critical'] }, threshold: 0 }],
      },
    },
  };
}
