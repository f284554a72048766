import type { CheckBody, CheckRule } from '@secscan/api/schemas/scans';
import type { ApiClient } from '../api/client.js';
import type { EngineContext } from '../factory.js';
import type { Suppressor } from '../ignores/match.js';
import {
  baselineOf,
  checkSource,
  chooseBaseline,
  defaultBranch,
  explainMissing,
  type GateSubject,
  prefetchBaseline,
  type ResolvedChoice,
} from './baseline.js';
import { type GateReport, gateReport } from './report.js';
import type { Selector } from './selector.js';

/** What a gate is asked: the rules (read by the verb), the scan under test, the baseline, the suppressions. */
export interface GateRequest {
  /** The compound (or app) name. */
  compound: string;
  /** `app` for `--app` (the name is an app's); undefined: a compound's, else an app's (`--compound`). */
  subjectKind?: 'app' | undefined;
  rules: CheckRule[];
  /** How reports name the rules: the file (`.secscan/rules.yml`, `<stdin>`) or `policy NAME`. */
  label: string;
  /** The baseline the rules file names (an `sl` file's `source:`), used when no flag names one. */
  source?: CheckBody['source'];
  /** The ignore file's suppressions, if one is in effect. */
  suppress: Suppressor | undefined;
  kind: 'single' | 'diff';
  /** `--fail-on threshold` (the default): the verdict decides the exit code. */
  enforced: boolean;
  /** The scan under test named by `--scan`, `--version` or `--tag`; else the last of `targetBranch`. */
  selector: Selector | undefined;
  /** `--wait`, in seconds: how long the scan under test is waited for. */
  wait: number | undefined;
  targetBranch: string | undefined;
  sourceBranch: string | undefined;
  sourceScan: string | undefined;
  baseline: 'none' | undefined;
  numFindings: number | undefined;
}

/** The gate evaluated: its report, and the client and subject it was evaluated with (for the comment). */
export interface EvaluatedGate {
  report: GateReport;
  client: ApiClient;
  subject: GateSubject;
}

function checkBody(
  request: GateRequest,
  kind: 'single' | 'diff',
  source: CheckBody['source'],
  scan?: string,
): CheckBody {
  const target = scan
    ? { scan: Number(scan) }
    : request.targetBranch
      ? { branch: request.targetBranch }
      : undefined;
  return {
    version: 2,
    meta: {
      kind,
      ...(request.numFindings === undefined ? {} : { num_findings: request.numFindings }),
    },
    ...(source ? { source } : {}),
    ...(target ? { target } : {}),
    rules: request.rules,
  };
}

/**
 * The gate itself: the scan under test found (waited for), the baseline chosen and named, the check, its
 * answer checked (exit 8 when it does not add up), and the ignore file's suppressions applied. A gate that
 * cannot be evaluated throws: it never passes in its place.
 */
export async function evaluateGate(ctx: EngineContext, request: GateRequest): Promise<EvaluatedGate> {
  const { compound, rules, label, kind, selector } = request;
  const file = request.source ? { source: request.source, label } : undefined;
  const chosen = chooseBaseline({ ...request, file }, ctx.env);
  // The default branch is read while the scan under test is looked for (its failure waits for that end).
  const looked: GateSubject = { name: compound, kind: request.subjectKind };
  const branchRead =
    chosen?.kind === 'default-branch'
      ? ctx
          .client()
          .then((c) => defaultBranch(c, looked))
          .then(
            (choice) => ({ choice }),
            (error: unknown) => ({ error }),
          )
      : undefined;
  const under = selector
    ? await (
        await import('./under-test.js')
      ).scanUnderTest(ctx, { name: compound, kind: request.subjectKind ?? 'either' }, selector, request.wait)
    : undefined;
  const client = await ctx.client();
  const resolved = await branchRead;
  if (resolved && 'error' in resolved) throw resolved.error;
  // Past the default branch's read, the choice is resolved (a scan, a branch, none, or no baseline at all).
  const choice = resolved ? resolved.choice : (chosen as ResolvedChoice | undefined);
  const subject: GateSubject = { name: compound, kind: under?.kind ?? looked.kind };
  // --baseline none: every finding of the scan under test counts, as a single check counts them.
  const counted = choice?.kind === 'none' ? 'single' : kind;
  const body = checkBody(request, counted, checkSource(choice), under?.scan.id);
  // The baseline branch's scans are listed while the check runs: the answer's source is named from them.
  const listed = prefetchBaseline(client, subject, choice);
  const result = await ctx
    .spin(`Checking ${compound} against ${rules.length} rule(s)`, () =>
      client.call('CheckScans', {
        path: { compoundName: compound },
        body,
        verify: 'the check changes no finding: running it again is harmless',
      }),
    )
    .catch((error: unknown) => explainMissing(client, subject, choice, error));
  under?.expectTarget('CheckScans', result.target.id);
  const answered = gateReport(result, rules, {
    compound,
    kind: counted,
    policy: label,
    enforced: request.enforced,
  });
  // The answer's numbers are checked first (exit 8), then its baseline (none: exit 10), then it is named.
  const baseline = await baselineOf(client, subject, choice, result, (m) => ctx.warn(m), listed);
  const evaluated = baseline ? { ...answered, baseline } : answered;
  const report = request.suppress
    ? await (
        await import('./suppress.js')
      ).suppressGate(ctx, evaluated, request.suppress, rules, { name: compound, kind: subject.kind })
    : evaluated;
  return { report, client, subject };
}
