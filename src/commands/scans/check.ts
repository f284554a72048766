import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { CheckBody, CheckRule } from '@secscan/api/schemas/scans';
import type { Context } from '../../context.js';
import { CliError, ConfigError, ExitCode, exitCodeFor, UsageError } from '../../errors.js';
import type { GateReportKind } from '../../output/gate.js';
import { gateRuleView } from '../../output/views/scans.js';
import { choice, defineVerb, type OptsOf, parsed, text } from '../define.js';
import { int, pattern } from '../parsers.js';
import { checkOutputFile } from '../shared/outputs.js';
import { decodeUtf8 } from '../../util/utf8.js';
import { selectorOf, selectorOptions } from './internal/selector.js';

const reportFlags = [
  ['reportJson', '--report-json', 'json'],
  ['reportJunit', '--report-junit', 'junit'],
  ['reportSarif', '--report-sarif', 'sarif'],
  ['reportMarkdown', '--report-markdown', 'markdown'],
] as const;

const exactlyOne = 'give exactly one of --rules FILE or --policy NAME[:TAG]';

const options = {
  compound: text('--compound <name>', 'compound (or app) name (required)', {
    required: 'see `secscan compounds list`',
    complete: 'compound',
  }),
  rules: text('--rules <file>', 'rules file, YAML or JSON, secscan’s or sl’s (`-` reads standard input)', {
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
    'branch under test: its last completed scan (default: the default branch)',
  ),
  ...selectorOptions(
    ['targetBranch'],
    'with --scan, --version or --tag: wait up to DURATION (e.g. 20m) for that scan to exist and complete',
  ),
  sourceBranch: text(
    '--source-branch <branch>',
    'baseline branch: its last scan (default: the rules file’s source, else the scan before the target on its branch)',
  ),
  kind: choice('--kind <kind>', 'diff: new findings only; single: all findings (default diff)', [
    'single',
    'diff',
  ]),
  numFindings: parsed(
    '--num-findings <n>',
    'top findings returned per rule, 0 to 100 (default 5)',
    int(0, 100),
  ),
  failOn: choice(
    '--fail-on <when>',
    'threshold: exit 1 when a rule is over its threshold; none: report only (default threshold)',
    ['threshold', 'none'],
  ),
  reportJson: text('--report-json <file>', 'write the verdict and results as JSON', { complete: 'file' }),
  reportJunit: text('--report-junit <file>', 'write JUnit XML: one test case per rule', { complete: 'file' }),
  reportSarif: text('--report-sarif <file>', 'write the matched findings as SARIF 2.1.0', {
    complete: 'file',
  }),
  reportMarkdown: text(
    '--report-markdown <file>',
    'write a Markdown summary (pull-request comment, $GITHUB_STEP_SUMMARY)',
    { complete: 'file' },
  ),
  sarifCategory: text(
    '--sarif-category <id>',
    'the SARIF automationDetails.id (GitHub keeps one set of alerts per category; default secscan/check/COMPOUND/)',
  ),
};

type Opts = OptsOf<typeof options>;

/** The rules from the file (or standard input) or the stored policy, and how reports name them. */
interface LoadedRules {
  rules: CheckRule[];
  label: string;
  /** The baseline the file names (an `sl` file's `source:`), used when --source-branch is not given. */
  source?: CheckBody['source'];
}

async function loadRules(ctx: Context, opts: Opts): Promise<LoadedRules> {
  const { readRulesFile } = await import('@secscan/api/rules/rules-file');
  const read = (text: string, label: string, json = false): LoadedRules => {
    const file = readRulesFile(text, label, json);
    for (const warning of file.warnings) ctx.warn(warning);
    return { rules: file.rules, label, ...(file.source ? { source: file.source } : {}) };
  };
  if (opts.rules !== undefined) {
    const path = opts.rules;
    let bytes: Buffer;
    try {
      if (path === '-') bytes = await ctx.readStdinBytes();
      else {
        if ((await stat(path)).isDirectory()) throw new Error('it is a directory');
        bytes = await readFile(path);
      }
    } catch (error) {
      const reason =
        (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
      throw new ConfigError(`--rules: cannot read ${path}: ${reason}`);
    }
    const label = path === '-' ? '<stdin>' : path;
    return read(decodeUtf8(bytes, label), label, /\.json$/i.test(path));
  }
  const reference = opts.policy;
  if (reference === undefined) throw new UsageError(exactlyOne);
  const client = await ctx.client();
  const text = await ctx.spin(`Resolving policy ${reference}`, () =>
    client.call('ResolveCheckAnalysisConfiguration', { path: { reference } }),
  );
  return read(text, `policy ${reference}`);
}

function checkBody(opts: Opts, { rules, source: fileSource }: LoadedRules, scan?: string): CheckBody {
  const source = opts.sourceBranch ? { branch: opts.sourceBranch } : fileSource;
  const target = scan
    ? { scan: Number(scan) }
    : opts.targetBranch
      ? { branch: opts.targetBranch }
      : undefined;
  return {
    version: 2,
    meta: {
      kind: opts.kind ?? 'diff',
      ...(opts.numFindings === undefined ? {} : { num_findings: opts.numFindings }),
    },
    ...(source ? { source } : {}),
    ...(target ? { target } : {}),
    rules,
  };
}

export default defineVerb({
  name: 'check',
  summary: 'Gate a merge: check a compound’s scan against rules (exit 1 when a rule is breached)',
  description:
    'Check a scan of a compound (or app) against rules, from a file (YAML or JSON ' +
    'holding `rules:`, or the `build_rules:` of an `sl check-analysis` file, v2 or v1, whose ' +
    '`source: {branch}` is the baseline unless --source-branch is given) or a stored check-analysis ' +
    'policy. The scan under test is the one --scan, --version (the scan of a commit) or --tag names, which ' +
    'must have completed: exit 10 when it is not there or still running (--wait DURATION waits for it), 11 ' +
    'when its analysis failed; no other scan is ever evaluated in its place. Without them, the last ' +
    'completed scan of --target-branch (default: the default branch). Exit 0 when no rule is over its ' +
    'threshold, 1 when one is; any other code means the gate was not evaluated (fail closed). --kind diff ' +
    '(the default) counts only findings the source (baseline) scan did not have; single counts them all. ' +
    'Reports are written before the exit, whatever the verdict.',
  examples: [
    'secscan scans check --compound shop --rules .secscan/rules.yml --version "$GITHUB_SHA" --wait 20m',
    'secscan scans check --compound shop --rules .secscan/rules.yml --target-branch "$BRANCH" --source-branch main',
    'secscan scans check --compound shop --policy default --kind single --report-junit secscan.xml',
    'secscan scans check --compound shop --rules shiftleft.yml --tag pipeline="$CI_PIPELINE_ID" --wait 30m',
  ],
  operations: [
    'ResolveCheckAnalysisConfiguration',
    'ListScansInCompound',
    'ReadCompoundScan',
    'ListScans',
    'ReadScan',
    'CheckScans',
  ],
  options,
  outputs: ['junit', 'markdown', 'sarif'],
  view: gateRuleView,
  validate({ opts }) {
    if (opts.rules === undefined && opts.policy === undefined) {
      throw new UsageError(exactlyOne);
    }
    const selector = selectorOf(opts);
    const seen = new Map<string, string>();
    for (const [key, flag] of reportFlags) {
      const path = opts[key];
      if (path === undefined) continue;
      const full = resolve(path);
      const other = seen.get(full);
      if (other) throw new UsageError(`${flag} and ${other} name the same file ${path}`);
      if (opts.rules !== undefined && resolve(opts.rules) === full) {
        throw new UsageError(`${flag} would overwrite the --rules file ${path}`);
      }
      seen.set(full, flag);
      checkOutputFile(flag, path);
    }
    return selector;
  },
  async run(ctx, { opts, plan: selector }) {
    const compound = opts.compound;
    const kind = opts.kind ?? 'diff';
    const enforced = opts.failOn !== 'none';
    if (opts.sarifCategory !== undefined && opts.reportSarif === undefined && ctx.format !== 'sarif') {
      throw new UsageError('--sarif-category needs --report-sarif FILE or -o sarif');
    }
    const [{ hostname }, { runStamp }, { sarifCategory }, gate] = await Promise.all([
      import('node:os'),
      import('../../output/reports/junit.js'),
      import('../../output/sarif.js'),
      import('../../output/gate.js'),
    ]);
    const context = {
      toolVersion: ctx.version,
      automationId: sarifCategory(['check', compound], opts.sarifCategory),
      stamp: runStamp(new Date(), hostname()),
    };
    try {
      const loaded = await loadRules(ctx, opts);
      const { rules, label } = loaded;
      // The rules are read first: a file in error stops the gate before a wait of many minutes.
      const under = selector
        ? await (
            await import('./internal/under-test.js')
          ).scanUnderTest(ctx, { name: compound, kind: 'either' }, selector, opts.wait)
        : undefined;
      const request = checkBody(opts, loaded, under?.scan.id);
      const client = await ctx.client();
      const result = await ctx.spin(`Checking ${compound} against ${rules.length} rule(s)`, () =>
        client.call('CheckScans', {
          path: { compoundName: compound },
          body: request,
          verify: 'the check changes no finding: running it again is harmless',
        }),
      );
      under?.expectTarget('CheckScans', result.target.id);
      const { gateReport } = await import('../../output/reports/model.js');
      const report = gateReport(result, rules, { compound, kind, policy: label, enforced });
      await writeReports(ctx, opts, (k) => gate.gateReportText(k, report, context));
      return {
        kind: 'custom',
        // A gate's output is read by people: in a CI log (no -o, stdout not a terminal) too.
        render: gate.renderGate(report, {
          format: ctx.globals.output === undefined ? 'table' : ctx.format,
          fields: ctx.fields,
          context,
          note: (message) => ctx.note(message),
        }),
        exitCode: report.passed || !enforced ? ExitCode.ok : ExitCode.gateFailed,
      };
    } catch (error) {
      // Not evaluated: the reports are written all the same, saying why (a CI step reading them fails closed).
      const failure = error instanceof CliError ? error : undefined;
      const reason = {
        compound,
        kind,
        policy: policyLabel(opts),
        enforced,
        code: failure?.code ?? 'INTERNAL',
        message: failure?.message ?? `internal error: ${(error as Error)?.message ?? String(error)}`,
        hint: failure?.hint,
        exitCode: exitCodeFor(error),
      };
      await writeReports(ctx, opts, (k) => gate.notEvaluatedText(k, reason, context), true);
      const format = ctx.format;
      if (failure && (format === 'junit' || format === 'markdown' || format === 'sarif')) {
        const text = await gate.notEvaluatedText(format, reason, context);
        return { kind: 'custom', render: (out) => out.write(text), error: failure };
      }
      throw error;
    }
  },
});

function policyLabel(opts: Opts): string {
  if (opts.rules !== undefined) return opts.rules === '-' ? '<stdin>' : opts.rules;
  return `policy ${opts.policy ?? ''}`;
}

/** Each --report-* file; after an error, one that cannot be written is a warning (the error decides). */
async function writeReports(
  ctx: Context,
  opts: Opts,
  text: (kind: GateReportKind) => Promise<string>,
  afterError = false,
): Promise<void> {
  const { writeReportFile } = await import('../../output/reports/write.js');
  for (const [key, flag, kind] of reportFlags) {
    const path = opts[key];
    if (path === undefined) continue;
    try {
      await writeReportFile(flag, path, await text(kind));
      ctx.debug(`wrote ${flag} ${path}`);
    } catch (error) {
      if (!afterError) throw error;
      ctx.warn((error as Error).message);
    }
  }
}
