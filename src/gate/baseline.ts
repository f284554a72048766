import type { CheckBody } from '@secscan/api/schemas/scans';
import type { ApiClient } from '../api/client.js';
import {
  AuthError,
  NotFoundError,
  NotReadyError,
  notFoundError,
  RejectedError,
  UnexpectedResponseError,
} from '../errors.js';
import type { Baseline } from './report.js';
import { shellArg } from '../util/hints.js';
import type { SubjectKind } from './scan-under-test.js';

/**
 * The baseline of a diff gate: the scan whose findings are not new. Named by a flag, the rules file, the
 * branch the change merges into (the CI service says which), or the app's default branch; `--baseline
 * none` counts every finding as new. Whichever it is, the gate says which scan it was, and a gate with no
 * baseline scan is not evaluated (exit 10), never a silent "everything is new".
 */
export type BaselineChoice =
  | { kind: 'none' }
  | { kind: 'scan'; scan: number; from: string }
  | { kind: 'branch'; branch: string; from: string }
  | { kind: 'default-branch' };

/** The variables CI services set to the branch a pull or merge request merges into, in this order. */
export const mergeTargetVariables = [
  'GITHUB_BASE_REF',
  'CI_MERGE_REQUEST_TARGET_BRANCH_NAME',
  'SYSTEM_PULLREQUEST_TARGETBRANCH',
  'BITBUCKET_PR_DESTINATION_BRANCH',
] as const;

/** The merge target from the CI environment: the first variable set (Azure's `refs/heads/` left off). */
export function mergeTarget(env: NodeJS.ProcessEnv): { branch: string; variable: string } | undefined {
  for (const variable of mergeTargetVariables) {
    const value = env[variable]?.trim().replace(/^refs\/heads\//, '');
    if (value) return { branch: value, variable };
  }
  return undefined;
}

interface ChoiceInput {
  kind: 'single' | 'diff';
  baseline?: 'none' | undefined;
  sourceScan?: string | undefined;
  sourceBranch?: string | undefined;
  /** The rules file's `source:` and how it is named (`shiftleft.yml`). */
  file?: { source: CheckBody['source']; label: string } | undefined;
}

/** Flags first, then the rules file, then the merge target, then the default branch; single has none. */
export function chooseBaseline(input: ChoiceInput, env: NodeJS.ProcessEnv): BaselineChoice | undefined {
  if (input.baseline === 'none') return { kind: 'none' };
  if (input.kind === 'single') return undefined;
  if (input.sourceScan !== undefined)
    return { kind: 'scan', scan: Number(input.sourceScan), from: '--source-scan' };
  if (input.sourceBranch !== undefined) {
    return { kind: 'branch', branch: input.sourceBranch, from: '--source-branch' };
  }
  const source = input.file?.source;
  if (source && 'scan' in source)
    return { kind: 'scan', scan: source.scan, from: `the source of ${input.file?.label}` };
  if (source) return { kind: 'branch', branch: source.branch, from: `the source of ${input.file?.label}` };
  const target = mergeTarget(env);
  if (target) return { kind: 'branch', branch: target.branch, from: `the merge target, $${target.variable}` };
  return { kind: 'default-branch' };
}

/** What the gate compares with once the choice is made: a scan by id or a branch the check resolves. */
export type ResolvedChoice = Exclude<BaselineChoice, { kind: 'default-branch' }>;

/** The check's `source`: the baseline as the service takes it. */
export function checkSource(choice: ResolvedChoice | undefined): CheckBody['source'] {
  if (!choice || choice.kind === 'none') return undefined;
  return choice.kind === 'scan' ? { scan: choice.scan } : { branch: choice.branch };
}

/** `{name, kind}` of the check: a compound, an app, or not known yet (a compound is tried first). */
export interface GateSubject {
  name: string;
  kind: SubjectKind | undefined;
}

/** Tries the compound form, then the app form when the service does not know the name as a compound. */
async function eitherKind<T>(
  subject: GateSubject,
  compound: () => Promise<T>,
  app: () => Promise<T>,
): Promise<T> {
  if (subject.kind === 'app') return app();
  if (subject.kind === 'compound') return compound();
  try {
    const found = await compound();
    subject.kind = 'compound';
    return found;
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    subject.kind = 'app';
    return app();
  }
}

/**
 * The app's default branch (`base_branch`); a compound's is its first app's, as the service's check takes
 * it. No default branch known is exit 8: the gate will not guess a baseline.
 */
export async function defaultBranch(client: ApiClient, subject: GateSubject): Promise<ResolvedChoice> {
  const appOf = async (app: string) => {
    const read = await client.call('ReadApp', { path: { appID: app } });
    return { app, branch: read.base_branch };
  };
  const given = subject.kind;
  const { app, branch } = await eitherKind(
    subject,
    async () => {
      const compound = await client.call('ReadCompoundShallowByName', {
        path: { compoundName: subject.name },
      });
      const first = compound.apps?.[0];
      if (!first) {
        throw new UnexpectedResponseError(
          `ReadCompoundShallowByName: compound ${subject.name} has no app, so it has no default branch`,
        );
      }
      return appOf(first);
    },
    async () => {
      try {
        return await appOf(subject.name);
      } catch (error) {
        if (!(error instanceof NotFoundError)) throw error;
        if (given === 'app')
          throw notFoundError(`no app is named ${subject.name}`, 'see `secscan apps list`');
        throw notFoundError(
          `no compound or app is named ${subject.name}`,
          'see `secscan compounds list` and `secscan apps list`',
        );
      }
    },
  );
  if (!branch) {
    throw new UnexpectedResponseError(
      `ReadApp: app ${app} has no base_branch, so its default branch is not known`,
      {
        hint: 'name the baseline with --source-branch BRANCH (or --baseline none)',
      },
    );
  }
  return { kind: 'branch', branch, from: 'the default branch' };
}

/**
 * `no baseline: no scan of main for shop; pass --baseline none to count every finding as new` (exit 10):
 * the branch has no completed scan (before the scan under test, when it is the target's own branch).
 */
export function noBaseline(
  choice: Extract<ResolvedChoice, { kind: 'branch' }>,
  subject: string,
  before?: number,
): NotReadyError {
  const when = before === undefined ? '' : ` before scan ${before}`;
  return new NotReadyError(
    `no baseline: no scan of ${choice.branch} for ${subject}${when}; pass --baseline none to count every finding as new`,
    {
      hint:
        choice.from === '--source-branch'
          ? `see \`secscan compounds scans ${shellArg(subject)}\` (or \`secscan scans list --app ${shellArg(subject)}\`) for the scans of each branch`
          : `the baseline is ${choice.from}; name another with --source-branch BRANCH or --source-scan ID`,
    },
  );
}

/**
 * After a 404 from the check with a branch as the baseline: whether that branch has a completed scan. None
 * is "no baseline" (exit 10); otherwise the 404 was about something else and stands.
 */
export async function branchHasScans(
  client: ApiClient,
  subject: GateSubject,
  branch: string,
): Promise<boolean> {
  return eitherKind(
    subject,
    async () => {
      const { scans } = await client.call('ListScansInCompound', {
        path: { compoundName: subject.name },
        query: { branch, status: 'completed', archived: true, limit: 1 },
      });
      return scans.length > 0;
    },
    async () => {
      const answer = await client.call('ListAppBranches', { path: { appID: subject.name } });
      const rows = Array.isArray(answer) ? answer : [answer];
      return rows.some((r) => r.branch_name === branch && (r.scan_count ?? 1) > 0);
    },
  );
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/** A compound's scans, as the listing gives them (the rows a baseline is named from). */
type Rows = { id: string; version?: string | undefined; [key: string]: unknown }[];

/** The newest scans of the baseline branch of a compound (an app's listing has no branch filter). */
function listBranch(client: ApiClient, name: string, branch: string | undefined): Promise<Rows> {
  return client
    .call('ListScansInCompound', {
      path: { compoundName: name },
      query: { archived: true, limit: 50, ...(branch ? { branch } : {}) },
    })
    .then((answer) => answer.scans);
}

/**
 * The listing the answer's baseline will be named from, asked for while the check runs (a compound's, or
 * one not known to be an app's). Its failure is handled where it is awaited: here it is only kept from
 * going unhandled (a check that fails never awaits it).
 */
export function prefetchBaseline(
  client: ApiClient,
  subject: GateSubject,
  choice: ResolvedChoice | undefined,
): Promise<Rows> | undefined {
  if (!choice || choice.kind === 'none' || subject.kind === 'app') return undefined;
  const listing = listBranch(client, subject.name, choice.kind === 'branch' ? choice.branch : undefined);
  listing.catch(() => undefined);
  return listing;
}

/**
 * The baseline scan the check compared with, named: its branch and version (the commit) read from the
 * service. A lookup that fails leaves them out (the scan id is named all the same), with a warning.
 */
export async function describeBaseline(
  client: ApiClient,
  subject: GateSubject,
  choice: ResolvedChoice,
  answered: number,
  warn: (message: string) => void,
  prefetched?: Promise<Rows>,
): Promise<Baseline> {
  const from = choice.kind === 'none' ? '--baseline none' : choice.from;
  const branch = choice.kind === 'branch' ? choice.branch : undefined;
  try {
    const found = await eitherKind(
      subject,
      async () => {
        // A compound scan's version is in the listing's rows; ReadCompoundScan has its apps' scans only.
        const scans = await (prefetched ?? listBranch(client, subject.name, branch));
        const row = scans.find((s) => String(s.id) === String(answered));
        if (row) return { version: text(row.version), branch: text(row.branch) };
        const scan = await client.call('ReadCompoundScan', {
          path: { compoundName: subject.name, scanID: answered },
          query: { archived: true },
        });
        const versions = [...new Set(scan.scans.map((s) => s.version).filter((v) => v))];
        return { version: versions.length === 1 ? versions[0] : undefined, branch: text(scan.branch) };
      },
      async () => {
        const [scan] = await client.call('ReadScan', { path: { appID: subject.name, scanID: answered } });
        return { version: text(scan?.version), branch: text(scan?.tags?.branch) };
      },
    );
    return {
      scan: answered,
      ...((branch ?? found.branch) ? { branch: branch ?? found.branch } : {}),
      ...(found.version ? { version: found.version } : {}),
      from,
    };
  } catch (error) {
    // Naming it is a courtesy: the verdict stands whatever this read answers, but an interruption.
    const named = [NotFoundError, AuthError, UnexpectedResponseError, RejectedError];
    if (!named.some((kind) => error instanceof kind)) throw error;
    warn(`cannot read the baseline scan ${answered} of ${subject.name}: ${(error as Error).message}`);
    return { scan: answered, ...(branch ? { branch } : {}), from };
  }
}

/** The check compared with the scan it was told to, or its answer is no verdict on that baseline (exit 8). */
export function expectSource(choice: ResolvedChoice, answered: number | undefined): void {
  if (choice.kind !== 'scan' || answered === undefined || answered === choice.scan) return;
  throw new UnexpectedResponseError(
    `CheckScans: the service compared with scan ${answered} instead of the baseline scan ${choice.scan} it was given`,
  );
}

/**
 * The check's error, unless it is a 404 for a baseline branch without a completed scan: then that is said
 * (exit 10, not 5: the gate was not evaluated because nothing tells new findings from old ones yet).
 */
export async function explainMissing(
  client: ApiClient,
  subject: GateSubject,
  choice: ResolvedChoice | undefined,
  error: unknown,
): Promise<never> {
  if (!(error instanceof NotFoundError) || choice?.kind !== 'branch') throw error;
  let scanned: boolean;
  try {
    scanned = await branchHasScans(client, subject, choice.branch);
  } catch (probe) {
    if (probe instanceof NotFoundError) throw error;
    throw probe;
  }
  throw scanned ? error : noBaseline(choice, subject.name);
}

/** The baseline the answer compared with, named; an answer with none is "no baseline" (exit 10). */
export async function baselineOf(
  client: ApiClient,
  subject: GateSubject,
  choice: ResolvedChoice | undefined,
  result: { source?: { id: number } | undefined; target: { id: number } },
  warn: (message: string) => void,
  prefetched?: Promise<Rows>,
): Promise<Baseline | undefined> {
  if (!choice) return undefined;
  if (choice.kind === 'none') return { scan: undefined, from: '--baseline none' };
  const answered = result.source?.id;
  if (answered === undefined) {
    if (choice.kind === 'branch') throw noBaseline(choice, subject.name, result.target.id);
    throw new UnexpectedResponseError(
      `CheckScans: the answer names no source scan, though the baseline scan ${choice.scan} was given`,
    );
  }
  expectSource(choice, answered);
  return describeBaseline(client, subject, choice, answered, warn, prefetched);
}
