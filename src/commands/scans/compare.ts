import type { ApiClient } from '../../api/client.js';
import type { ScanDiff } from '@secscan/api/schemas/scans';
import { severities } from '@secscan/api/values';
import { ExitCode, NotReadyError, notFoundError, ScanFailedError, UsageError } from '../../errors.js';
import { scanState } from '../../util/scan-state.js';
import { shellArg } from '../../util/hints.js';
import { checkComparison, compareGateLine, compareSummaryLine } from '../../output/formats/compare.js';
import type { CompareDocument } from '../../output/export/document.js';
import { diffView } from '../../output/views/scans.js';
import { choice, defineVerb, flag, type OptsOf, parsed, text } from '../define.js';
import { scanId, scanRef } from '../parsers.js';
import { ignoreFileOption, loadSuppressor } from '../shared/ignore-file.js';
import type { FoundScan } from '../../gate/scan-under-test.js';
import { selectorOf, selectorOptions } from './internal/selector.js';

const refs = ['source', 'target'] as const;
const branches = ['sourceBranch', 'targetBranch'] as const;
const scanIds = ['sourceScan', 'targetScan'] as const;
const pairs = [
  [...refs, '--source', '--target'],
  [...branches, '--source-branch', '--target-branch'],
  [...scanIds, '--source-scan', '--target-scan'],
] as const;
const onePair =
  'give one pair: --source REF --target REF, --source-branch B --target-branch B, or --source-scan N --target-scan N';

const options = {
  app: text('--app <id>', 'app id (required)', { required: true, complete: 'app' }),
  source: parsed('--source <ref>', 'the baseline: scan.N or tag.KEY=VALUE', scanRef(), {
    conflicts: [...branches, ...scanIds],
  }),
  target: parsed('--target <ref>', 'the scan under test: scan.N or tag.KEY=VALUE', scanRef(), {
    conflicts: [...branches, ...scanIds],
  }),
  sourceBranch: text('--source-branch <branch>', 'the baseline: the latest scan of this branch', {
    conflicts: [...refs, ...scanIds],
  }),
  targetBranch: text('--target-branch <branch>', 'under test: the latest scan of this branch', {
    conflicts: [...refs, ...scanIds],
  }),
  sourceScan: parsed('--source-scan <n>', 'the baseline scan id', scanId(), {
    conflicts: [...refs, ...branches],
  }),
  targetScan: parsed('--target-scan <n>', 'the scan id under test', scanId(), {
    conflicts: [...refs, ...branches],
  }),
  ...selectorOptions(
    ['target', 'targetBranch', 'targetScan'],
    'with --scan, --version or --tag: wait up to DURATION (e.g. 20m) for that scan to exist and complete',
  ),
  common: flag('--common', 'also list the findings both scans have'),
  failOn: choice('--fail-on <what>', 'exit 1 when new findings (or regressions) exist', [
    'new',
    'regression',
  ]),
  severityThreshold: choice(
    '--severity-threshold <level>',
    'with --fail-on: count only findings of this severity or above',
    severities,
  ),
  ignoreFile: ignoreFileOption,
};

/** A severity's place from low (0) to critical; -1 for one the service has not documented. */
const rank = (severity: string | undefined) => (severities as readonly string[]).indexOf(severity ?? '');

/** At or above the threshold; a severity missing or undocumented counts too (the gate fails closed). */
const breaches = (severity: string | undefined, threshold: string | undefined) =>
  threshold === undefined || rank(severity) < 0 || rank(severity) >= rank(threshold);

/**
 * The latest successful scan of an app on a branch, as `scan.N`; none is "nothing to evaluate" (exit 5).
 * As the baseline of a scan under test, the latest before it (the scan before, on the same branch).
 */
async function latestScanOnBranch(
  client: ApiClient,
  app: string,
  branch: string,
  under?: Record<string, unknown> & { id: string },
): Promise<string> {
  const { scans } = await client.call('ListScans', {
    path: { appID: app },
    query: { tags: [`branch=${branch}`], limit: 50 },
  });
  const before = typeof under?.started_at === 'string' ? under.started_at : undefined;
  const scan = scans.find(
    (s) =>
      s.successful !== false &&
      s.id !== under?.id &&
      (before === undefined || s.started_at === undefined || s.started_at < before),
  );
  if (!scan) {
    throw notFoundError(
      `app ${app} has no successful scan on branch ${branch}`,
      `see \`secscan scans list --app ${app}\``,
    );
  }
  return `scan.${scan.id}`;
}

/** The baseline of the scan under test as the service reads it: `scan.N` or `tag.KEY=VALUE`. */
async function sourceRef(client: ApiClient, opts: OptsOf<typeof options>, under: FoundScan): Promise<string> {
  if (opts.sourceBranch !== undefined) {
    return latestScanOnBranch(client, opts.app, opts.sourceBranch, { ...under.item, id: under.id });
  }
  if (opts.sourceScan !== undefined) return `scan.${opts.sourceScan}`;
  if (opts.source !== undefined) return opts.source;
  throw new UsageError(onePair);
}

/** The source and target as the service reads them: `scan.N` or `tag.KEY=VALUE`. */
async function resolveRefs(client: ApiClient, opts: OptsOf<typeof options>): Promise<[string, string]> {
  const { app, source, target, sourceBranch, targetBranch, sourceScan, targetScan } = opts;
  if (sourceBranch !== undefined && targetBranch !== undefined) {
    return Promise.all([
      latestScanOnBranch(client, app, sourceBranch),
      latestScanOnBranch(client, app, targetBranch),
    ]);
  }
  if (sourceScan !== undefined && targetScan !== undefined)
    return [`scan.${sourceScan}`, `scan.${targetScan}`];
  if (source !== undefined && target !== undefined) return [source, target];
  throw new UsageError(onePair);
}

/** A target the answer shows running or failed gives no comparison to trust (exit 10 or 11). */
function targetFinished(app: string, ref: string, target: ScanDiff['target']): void {
  const state = target.successful === false ? scanState(target) : 'completed';
  if (state === 'running') {
    throw new NotReadyError(
      `the target scan ${target.id} of ${app} (${ref}) has not finished: it is running`,
      {
        hint: 'compare a completed scan, or name it with --scan N (or --version V) and --wait DURATION',
      },
    );
  }
  if (state === 'failed') {
    throw new ScanFailedError(
      `the target scan ${target.id} of ${app} (${ref}) failed: the analysis did not complete, so there is nothing to compare`,
      { hint: `see \`secscan scans show --app ${shellArg(app)} ${target.id}\`, and run the analysis again` },
    );
  }
}

export default defineVerb({
  name: 'compare',
  summary: 'New, fixed and common findings between two scans of an app',
  description:
    'Compare two scans of an app: new findings are in the target and not the source, fixed ones the ' +
    'reverse. A new finding an earlier scan already had is a regression. REF is scan.N or tag.KEY=VALUE.\n\n' +
    'The target (the scan under test) may instead be named by --scan, --version (the scan of a commit) or ' +
    '--tag, with any one source: that scan must have completed (exit 10 while it is not there or running, ' +
    '--wait DURATION waits for it; 11 when its analysis failed), and no other scan is compared in its ' +
    'place. A target the answer shows running or failed is exit 10 or 11 too. With --fail-on, exit 1 when ' +
    'such findings exist (a gate for a branch against the default branch), leaving out those the ignore ' +
    'file (.secscan/ignore.yml, found from the working directory up; --ignore-file, --no-ignore-file) ' +
    'suppresses; on GitHub Actions ' +
    '(GITHUB_ACTIONS=true) it then annotates each of them (the first ten) and appends a Markdown summary ' +
    'to $GITHUB_STEP_SUMMARY.',
  examples: [
    'secscan scans compare --app payments-api --source-branch main --target-branch feature/checkout',
    'secscan scans compare --app payments-api --source tag.branch=main --target scan.1042 --fail-on new --severity-threshold high',
    'secscan scans compare --app payments-api --source-branch main --version "$GITHUB_SHA" --wait 20m --fail-on new',
  ],
  operations: ['ListScans', 'ReadScan', 'ListScansCompare'],
  options,
  view: diffView,
  validate({ opts }) {
    if (opts.severityThreshold !== undefined && opts.failOn === undefined) {
      throw new UsageError('--severity-threshold needs --fail-on new or --fail-on regression');
    }
    const selector = selectorOf(opts);
    if (selector) {
      if (opts.source === undefined && opts.sourceBranch === undefined && opts.sourceScan === undefined) {
        throw new UsageError(
          `--${selector.kind} needs a baseline: --source REF, --source-branch B or --source-scan N`,
        );
      }
      return selector;
    }
    const given = pairs.filter(([a, b]) => opts[a] !== undefined || opts[b] !== undefined);
    const [pair] = given;
    if (!pair) throw new UsageError(onePair);
    const [a, b, flagA, flagB] = pair;
    if (opts[a] === undefined) throw new UsageError(`${flagA} is required with ${flagB}`);
    if (opts[b] === undefined) throw new UsageError(`${flagB} is required with ${flagA}`);
    return undefined;
  },
  async run(ctx, { opts, plan: selector }) {
    const suppress = await loadSuppressor(ctx, opts.ignoreFile, { app: opts.app });
    const client = await ctx.client();
    const under = selector
      ? await (
          await import('../../gate/under-test.js')
        ).scanUnderTest(ctx, { name: opts.app, kind: 'app' }, selector, opts.wait)
      : undefined;
    const [source, target] = under
      ? [await sourceRef(client, opts, under.scan), `scan.${under.scan.id}`]
      : await resolveRefs(client, opts);
    const diff = await ctx.spin(`Comparing ${source} with ${target}`, () =>
      client.call('ListScansCompare', { path: { appID: opts.app }, query: { source, target } }),
    );
    under?.expectTarget('ListScansCompare', diff.target.id);
    targetFinished(opts.app, target, diff.target);
    // A gate decides on the answer: first, it must not contradict itself (a listing shows it as it is).
    if (opts.failOn) checkComparison(diff, source, target);
    ctx.note(compareSummaryLine(opts.app, source, target, diff));
    if (suppress) {
      const { expiryNotices } = await import('../../ignores/match.js');
      for (const line of expiryNotices(suppress.file, suppress.expired)) ctx.warn(line);
      for (const list of ['new', 'fixed', 'common'] as const)
        diff[list] = diff[list].map((f) => suppress.mark(f));
    }
    let exitCode: number = ExitCode.ok;
    const document: CompareDocument = {
      type: 'compare',
      app: opts.app,
      source,
      target,
      diff,
      common: opts.common ?? false,
      ...(suppress ? { suppressions: { file: suppress.file.path } } : {}),
    };
    const { failOn } = opts;
    if (failOn) {
      const breaching = diff.new.filter(
        (f) => (failOn === 'new' || f.regression) && breaches(f.severity, opts.severityThreshold),
      );
      const isSuppressed = (f: (typeof breaching)[number]) =>
        (f as { suppressed?: boolean }).suppressed === true;
      const failing = breaching.filter((f) => !isSuppressed(f));
      const suppressed = breaching.filter(isSuppressed);
      document.gate = {
        failOn,
        threshold: opts.severityThreshold,
        failing,
        ...(suppress ? { suppressed } : {}),
      };
      if (suppressed.length) {
        ctx.note(
          `Suppressed by ${suppress?.file.path}, not counted: ${suppressed.length} of the ${breaching.length} finding(s) that would fail the gate.`,
        );
      }
      if (failing.length) {
        exitCode = ExitCode.gateFailed;
        ctx.note(compareGateLine(failing.length, failOn, opts.severityThreshold));
      }
    }
    return { kind: 'document', document, exitCode };
  },
});
