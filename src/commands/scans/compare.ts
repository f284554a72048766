import { operations } from '../../api/operations/index.js';
import type { DiffFinding, ScanDiff } from '../../api/schemas/scans.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { defineView } from '../../output/view.js';
import type { Result, RunInput } from '../types.js';
import { requireNonEmpty } from '../validate.js';
import { latestScanOnBranch, requireScanId, requireScanRef } from './refs.js';

const severities = ['low', 'medium', 'high', 'critical'];

type Row = DiffFinding & { diff: 'new' | 'fixed' | 'common' };

export const view = defineView<Row>({
  columns: [
    {
      key: 'diff',
      header: 'DIFF',
      get: (r) => (r.regression ? 'new (regression)' : r.diff),
      style: (text, r, chalk) =>
        r.diff === 'new' ? chalk.red(text) : r.diff === 'fixed' ? chalk.green(text) : text,
    },
    { key: 'id', header: 'ID' },
    { key: 'severity', header: 'SEVERITY' },
    { key: 'type', header: 'TYPE' },
    { key: 'category', header: 'CATEGORY', max: 30 },
    { key: 'title', header: 'TITLE', max: 60 },
    { key: 'regression', header: 'REGRESSION' },
    { key: 'app', header: 'APP' },
  ],
  defaults: ['diff', 'id', 'severity', 'category', 'title'],
  emptyMessage: 'No findings in either scan.',
});

const pairs = [
  ['source', 'target', '--source', '--target'],
  ['sourceBranch', 'targetBranch', '--source-branch', '--target-branch'],
  ['sourceScan', 'targetScan', '--source-scan', '--target-scan'],
] as const;

export function validate({ opts }: RunInput): void {
  if (opts.app === undefined) throw new UsageError('--app is required');
  requireNonEmpty('--app', opts.app);
  const given = pairs.filter(([a, b]) => opts[a] !== undefined || opts[b] !== undefined);
  if (given.length !== 1) {
    throw new UsageError(
      'give one pair: --source REF --target REF, --source-branch B --target-branch B, or --source-scan N --target-scan N',
    );
  }
  const [a, b, flagA, flagB] = given[0] as (typeof pairs)[number];
  if (opts[a] === undefined) throw new UsageError(`${flagA} is required with ${flagB}`);
  if (opts[b] === undefined) throw new UsageError(`${flagB} is required with ${flagA}`);
  if (a === 'source') {
    requireScanRef('--source', opts.source);
    requireScanRef('--target', opts.target);
  } else if (a === 'sourceScan') {
    requireScanId('--source-scan', opts.sourceScan);
    requireScanId('--target-scan', opts.targetScan);
  } else {
    requireNonEmpty('--source-branch', opts.sourceBranch);
    requireNonEmpty('--target-branch', opts.targetBranch);
  }
  if (opts.severityThreshold !== undefined && opts.failOn === undefined) {
    throw new UsageError('--severity-threshold needs --fail-on new or --fail-on regression');
  }
}

export async function run(ctx: Context, { opts }: RunInput): Promise<Result> {
  const app = opts.app as string;
  const client = await ctx.client();
  let source: string;
  let target: string;
  if (opts.sourceBranch !== undefined) {
    [source, target] = await Promise.all([
      latestScanOnBranch(client, app, opts.sourceBranch),
      latestScanOnBranch(client, app, opts.targetBranch),
    ]);
  } else if (opts.sourceScan !== undefined) {
    source = `scan.${opts.sourceScan}`;
    target = `scan.${opts.targetScan}`;
  } else {
    source = opts.source;
    target = opts.target;
  }
  const diff = await ctx.spin(`Comparing ${source} with ${target}`, () =>
    client.call<ScanDiff>(operations.ListScansCompare, { path: { appID: app }, query: { source, target } }),
  );
  const regressions = diff.new.filter((f) => f.regression).length;
  ctx.note(
    `${app}: ${source} -> ${target}: ${diff.new.length} new (${regressions} regression${regressions === 1 ? '' : 's'}), ${diff.fixed.length} fixed, ${diff.common.length} common`,
  );
  let exitCode = 0;
  if (opts.failOn) {
    const min = severities.indexOf(opts.severityThreshold ?? 'low');
    const breaching = diff.new.filter(
      (f) => (opts.failOn === 'new' || f.regression) && severities.indexOf(f.severity ?? 'low') >= min,
    );
    if (breaching.length) {
      exitCode = 1;
      ctx.note(
        `Gate failed: ${breaching.length} ${opts.failOn === 'new' ? 'new finding(s)' : 'regression(s)'}${opts.severityThreshold ? ` of severity ${opts.severityThreshold} or above` : ''}.`,
      );
    }
  }
  if (ctx.format === 'json' || ctx.format === 'yaml') {
    const counts = {
      new: diff.new.length,
      regressions,
      fixed: diff.fixed.length,
      common: diff.common.length,
    };
    return { kind: 'object', item: { ...diff, counts }, exitCode };
  }
  const rows: Row[] = [
    ...diff.new.map((f) => ({ ...f, diff: 'new' as const })),
    ...diff.fixed.map((f) => ({ ...f, diff: 'fixed' as const })),
    ...(opts.common ? diff.common.map((f) => ({ ...f, diff: 'common' as const })) : []),
  ];
  return { kind: 'list', rows, exitCode };
}
