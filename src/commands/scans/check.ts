import { resolve } from 'node:path';
import type { Context } from '../../context.js';
import { CliError, ExitCode, UsageError } from '../../errors.js';
import type { GateReport } from '../../gate/report.js';
import type { LoadedRules } from '../../gate/rules.js';
import { gateDocument } from '../../output/export/gate.js';
import { gateRuleView } from '../../output/views/scans.js';
import { choice, defineVerb, flag, type OptsOf, parsed, text } from '../define.js';
import { int, pattern, scanId } from '../parsers.js';
import { readInputFile } from '../shared/files.js';
import { ignoreFileOption, loadSuppressor } from '../shared/ignore-file.js';
import { checkOutputFile, outOption, reportFiles, reportOptions } from '../shared/outputs.js';
import { commentFlagsAlone, commentOptions, commentRequiredOption } from '../shared/pr-comment.js';
import { repositoryPath } from '../shared/repo-path.js';
import type { Selector } from '../../gate/selector.js';
import { selectorOf, selectorOptions } from './internal/selector.js';

const exactlyOne = 'give exactly one of --rules FILE or --policy NAME[:TAG]';

const options = {
  compound: text(
    '--compound <name>',
    'the compound whose scan to gate\n\n(an app’s name is taken too, when no compound has it)',
    { conflicts: ['app'], complete: 'compound' },
  ),
  app: text('--app <id>', 'the app whose scan to gate (not with --compound)', {
    conflicts: ['compound'],
    complete: 'app',
  }),
  rules: text('--rules <file>', 'rules file, YAML or JSON, secscan’s or sl’s\n\n(`-` reads standard input)', {
    conflicts: ['policy'],
    complete: 'file',
  }),
  policy: parsed(
    '--policy <name[:tag]>',
    'stored check-analysis policy instead of --rules',
    pattern(/^[\w.-]+(:[\w.-]+)?$/, 'expected NAME or NAME:TAG'),
    { conflicts: ['rules'], complete: 'policy' },
  ),
  targetBranch: text(
    '--target-branch <branch>',
    'branch under test: its last completed scan\n\n(default: the default branch)',
  ),
  ...selectorOptions(
    ['targetBranch'],
    'wait up to DURATION (e.g. 20m) for that scan\n\n(of --scan, --version or --tag) to exist and complete',
  ),
  sourceBranch: text(
    '--source-branch <branch>',
    'baseline branch: its last scan\n\n(default: the rules file’s source, else the branch the pull request merges into, else the default branch)',
    { conflicts: ['sourceScan', 'baseline'] },
  ),
  sourceScan: parsed(
    '--source-scan <id>',
    'baseline scan, by id\n\n(a compound scan id for a compound)',
    scanId(),
    {
      conflicts: ['sourceBranch', 'baseline'],
    },
  ),
  baseline: choice(
    '--baseline <none>',
    'none: every finding of the scan counts as new\n\n(no baseline scan; a diff gate without one is exit 10)',
    ['none'],
    { conflicts: ['sourceBranch', 'sourceScan'] },
  ),
  kind: choice('--kind <kind>', 'diff (default): new findings; single: all', ['single', 'diff']),
  numFindings: parsed('--num-findings <n>', 'findings returned per rule, 0 to 100 (default 5)', int(0, 100)),
  failOn: choice(
    '--fail-on <when>',
    'threshold (default): exit 1 over it; none: report' +
      '\n\n(threshold: exit 1 when a rule is over its threshold; none: report only)',
    ['threshold', 'none'],
  ),
  ...reportOptions(gateDocument),
  ignoreFile: ignoreFileOption,
  comment: flag(
    '--comment',
    'post the verdict on the pull request\n\n(or merge request) as one comment, kept up to date (GitHub, GitLab, Azure DevOps, Bitbucket Cloud)',
  ),
  ...commentOptions,
  commentRequired: commentRequiredOption,
  commentFile: text(
    '--comment-file <file>',
    'the comment when it cannot be posted\n\n(a fork’s read-only token), for `secscan pr comment --from FILE` (default secscan-comment.json)',
    { complete: 'file' },
  ),
  out: outOption(gateDocument),
  sarifCategory: text(
    '--sarif-category <id>',
    'the SARIF automationDetails.id\n\n(GitHub keeps one set of alerts per category; default secscan/check/COMPOUND/; each app’s run adds APP/)',
  ),
};

type Opts = OptsOf<typeof options>;

async function loadRules(ctx: Context, opts: Opts): Promise<LoadedRules> {
  const { policyRules, readRules } = await import('../../gate/rules.js');
  const warn = (line: string) => ctx.warn(line);
  if (opts.rules !== undefined) {
    const path = opts.rules;
    const text = await readInputFile(ctx, path, { what: '--rules' });
    return readRules(text, path === '-' ? '<stdin>' : path, /\.json$/i.test(path), warn);
  }
  const reference = opts.policy;
  if (reference === undefined) throw new UsageError(exactlyOne);
  const client = await ctx.client();
  return ctx.spin(`Resolving policy ${reference}`, () => policyRules(client, reference, warn));
}

export default defineVerb({
  name: 'check',
  summary: 'Gate a merge: check a scan against rules (exit 1 when one is breached)',
  description:
    'Check a scan of a compound (--compound) or an app (--app) against rules from a file or a stored ' +
    'check-analysis policy: ' +
    'exit 0 when no rule is over its threshold, 1 when one is; any other code means the gate was not ' +
    'evaluated (fail closed).\n\n' +
    'The rules file is YAML or JSON holding `rules:`, or the `build_rules:` of an `sl check-analysis` ' +
    'file, v2 or v1, whose `source: {branch}` is the baseline unless --source-branch is given. ' +
    'The scan under test is the one --scan, --version (the scan of a commit) or --tag names, which ' +
    'must have completed: exit 10 when it is not there or still running (--wait DURATION waits for it), 11 ' +
    'when its analysis failed; no other scan is ever evaluated in its place. Without them, the last ' +
    'completed scan of --target-branch (default: the default branch). --kind diff ' +
    '(the default) counts only findings the baseline scan did not have; single counts them all. The ' +
    'baseline is the branch the pull request merges into (GITHUB_BASE_REF, ' +
    'CI_MERGE_REQUEST_TARGET_BRANCH_NAME, SYSTEM_PULLREQUEST_TARGETBRANCH, BITBUCKET_PR_DESTINATION_BRANCH), ' +
    'else the default branch: its last completed scan (the one before the target, on its own branch); ' +
    '--source-branch, --source-scan or the rules file name another, and every output says which scan it ' +
    'was. No baseline scan is exit 10 ("no baseline: ..."); --baseline none counts every finding as new. ' +
    '--comment posts the verdict on the pull request as one comment, kept up to date (see `secscan pr ' +
    'comment --help` for the providers); one it cannot post never changes the exit code unless ' +
    '--comment-required. ' +
    'Reports are written before the exit, whatever the verdict, each complete or not there at all: ' +
    '--report-* and --out FORMAT=FILE (any -o format) from the one answer. The ignore file ' +
    '(.secscan/ignore.yml, found from the working directory up; --ignore-file, --no-ignore-file) suppresses ' +
    'findings: a failing rule is recounted from the full findings listing of the scan under test without ' +
    'them, the reports list them (SARIF as suppressions), and an expired entry suppresses nothing (stderr ' +
    'says so). On GitHub Actions ' +
    '(GITHUB_ACTIONS=true) the gate also prints an error annotation for each finding that fails it (the ' +
    'first ten: GitHub shows ten a step) and appends its Markdown summary to $GITHUB_STEP_SUMMARY.',
  examples: [
    'secscan scans check --compound shop --rules .secscan/rules.yml --target-branch "$BRANCH" --source-branch main',
    'secscan scans check --compound shop --rules .secscan/rules.yml --version "$GITHUB_SHA" --wait 20m',
    'secscan scans check --app payments-api --rules .secscan/rules.yml --target-branch main',
    'secscan scans check --compound shop --rules .secscan/rules.yml --version "$SHA" --wait 20m --comment',
    'secscan scans check --compound shop --rules .secscan/rules.yml --target-branch main --baseline none',
    'secscan scans check --compound shop --policy default --kind single --report-junit secscan.xml',
    'secscan scans check --compound shop --rules shiftleft.yml --tag pipeline="$CI_PIPELINE_ID" --wait 30m',
    'secscan scans check --compound shop --rules .secscan/rules.yml --report-codequality gl-code-quality.json --report-gitlab-sast gl-sast-report.json',
    'secscan scans check --compound shop --policy default --out junit=secscan.xml --out sarif=secscan.sarif',
    'secscan scans check --compound shop --rules .secscan/rules.yml --ignore-file .secscan/ignore.yml --report-sarif secscan.sarif',
  ],
  operations: [
    'ResolveCheckAnalysisConfiguration',
    'ListScansInCompound',
    'ReadCompoundScan',
    'ListScans',
    'ReadScan',
    'CheckScans',
    'ListCompoundFindings',
    'ListAppFindings',
    'ReadCompoundShallowByName',
    'ReadApp',
    'ListAppBranches',
    'ListScansCompare',
  ],
  options,
  document: gateDocument,
  view: gateRuleView,
  validate({ opts, format }) {
    if (opts.compound === undefined && opts.app === undefined) {
      throw new UsageError(
        'give --compound NAME or --app ID (whose scan to gate): see `secscan compounds list`, `secscan apps list`',
      );
    }
    if (opts.rules === undefined && opts.policy === undefined) {
      throw new UsageError(exactlyOne);
    }
    if (!opts.comment) {
      commentFlagsAlone(opts, [
        ['provider', '--provider'],
        ['pullRequest', '--pull-request'],
        ['commentMode', '--comment-mode'],
        ['commentMaxChars', '--comment-max-chars'],
        ['commentRequired', '--comment-required'],
        ['commentFile', '--comment-file'],
      ]);
    }
    const selector = selectorOf(opts);
    const rules =
      opts.rules === undefined || opts.rules === '-' ? undefined : { flag: '--rules', path: opts.rules };
    const files = reportFiles(opts.out, { spec: gateDocument, opts }, rules);
    if (opts.commentFile !== undefined) {
      checkOutputFile('--comment-file', opts.commentFile);
      const clash = [...files, ...(rules ? [rules] : [])].find(
        (f) => resolve(f.path) === resolve(opts.commentFile as string),
      );
      if (clash)
        throw new UsageError(`--comment-file and ${clash.flag} name the same file ${opts.commentFile}`);
    }
    if (opts.sarifCategory !== undefined && format !== 'sarif' && !files.some((f) => f.format === 'sarif')) {
      throw new UsageError('--sarif-category needs --report-sarif FILE or -o sarif (or --out sarif=FILE)');
    }
    return { files, selector };
  },
  async run(ctx, { opts, plan: { files, selector } }) {
    const compound = subjectName(opts);
    const kind = opts.kind ?? 'diff';
    const enforced = opts.failOn !== 'none';
    const [{ hostname }, { runStamp, sarifCategory }] = await Promise.all([
      import('node:os'),
      import('../../output/formats/stamp.js'),
    ]);
    const context = {
      toolVersion: ctx.version,
      automationId: sarifCategory(['check', compound], opts.sarifCategory),
      stamp: runStamp(new Date(), hostname()),
      rulesPath: repositoryPath(opts.rules === '-' ? undefined : opts.rules, process.cwd(), ctx.env),
    };
    let report: GateReport;
    let comment: (() => Promise<CliError | undefined>) | undefined;
    try {
      ({ report, comment } = await evaluate(ctx, opts, selector, kind, enforced));
    } catch (error) {
      // Not evaluated: the reports are written all the same, saying why (a CI step reading them fails closed).
      const { notEvaluated } = await import('../../gate/findings.js');
      const gate = notEvaluated({ compound, kind, policy: policyLabel(opts), enforced }, error);
      if (opts.comment) {
        const { commentOnGate } = await import('./internal/comment.js');
        await commentOnGate(ctx, opts, { notEvaluated: gate }).catch(() => undefined);
      }
      return {
        kind: 'document',
        document: { type: 'gate-not-evaluated' as const, gate, context },
        files,
        error,
      };
    }
    const exitCode = report.passed || !enforced ? ExitCode.ok : ExitCode.gateFailed;
    // A comment that cannot be posted changes the exit code only with --comment-required, of a gate that passed.
    const failure = await comment?.().catch((error: unknown) => error);
    return {
      kind: 'document',
      document: { type: 'gate' as const, report, context },
      files,
      exitCode,
      ...(failure && (exitCode === ExitCode.ok || !(failure instanceof CliError)) ? { error: failure } : {}),
    };
  },
});

/**
 * The gate: the rules and the ignore file read first (a file in error stops the gate before a long wait),
 * then the engine (src/gate/evaluate.ts); with --comment, the comment to post once the reports are written.
 */
async function evaluate(
  ctx: Context,
  opts: Opts,
  selector: Selector | undefined,
  kind: 'single' | 'diff',
  enforced: boolean,
): Promise<{ report: GateReport; comment?: () => Promise<CliError | undefined> }> {
  const compound = subjectName(opts);
  const loaded = await loadRules(ctx, opts);
  const suppress = await loadSuppressor(
    ctx,
    opts.ignoreFile,
    opts.app === undefined ? { compound } : { app: opts.app },
  );
  const { evaluateGate } = await import('../../gate/evaluate.js');
  const { report, client, subject } = await evaluateGate(ctx, {
    compound,
    subjectKind: opts.app === undefined ? undefined : 'app',
    ...loaded,
    suppress,
    kind,
    enforced,
    selector,
    wait: opts.wait,
    targetBranch: opts.targetBranch,
    sourceBranch: opts.sourceBranch,
    sourceScan: opts.sourceScan,
    baseline: opts.baseline,
    numFindings: opts.numFindings,
  });
  if (!opts.comment) return { report };
  return {
    report,
    comment: async () => {
      const { commentOnGate, fixedSince, scanUrl } = await import('./internal/comment.js');
      const extra = async () => {
        const source = report.baseline?.scan;
        const warn = (m: string) => ctx.warn(m);
        const fixed =
          report.kind === 'diff' && source !== undefined
            ? await fixedSince(client, subject, source, report.target, warn)
            : null;
        return { fixed, scanUrl: scanUrl(ctx.env, client, compound, report.target) };
      };
      return commentOnGate(ctx, opts, { report, extra });
    },
  };
}

/** What the gate evaluates: --app's app, else --compound's name (validate() has seen one of them). */
function subjectName(opts: Opts): string {
  return opts.app ?? (opts.compound as string);
}

function policyLabel(opts: Opts): string {
  if (opts.rules !== undefined) return opts.rules === '-' ? '<stdin>' : opts.rules;
  return `policy ${opts.policy ?? ''}`;
}
