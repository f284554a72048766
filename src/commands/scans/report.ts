import { operations } from '../../api/operations/index.js';
import type { CheckResult } from '../../api/schemas/scans.js';
import type { Context } from '../../context.js';
import { defineView } from '../../output/view.js';
import type { Result, RunInput } from '../types.js';
import { validateScanArgs } from './show.js';

type Row = {
  check: number;
  rule: string;
  matched: number;
  reachable: number;
  over: number;
  result: string;
};

export const view = defineView<Row>({
  columns: [
    { key: 'check', header: 'CHECK' },
    { key: 'rule', header: 'RULE' },
    { key: 'matched', header: 'MATCHED' },
    { key: 'reachable', header: 'REACHABLE' },
    { key: 'over', header: 'OVER' },
    {
      key: 'result',
      header: 'RESULT',
      style: (text, _r, chalk) => (text === 'FAIL' ? chalk.red.bold(text) : chalk.green(text)),
    },
  ],
  emptyMessage: 'No check results for this scan.',
});

export const validate = validateScanArgs;

export async function run(ctx: Context, { args, opts }: RunInput): Promise<Result> {
  const client = await ctx.client();
  const results = await client.call<CheckResult[]>(operations.ScansCheckReport, {
    path: { appID: opts.app, scanID: args[0] },
  });
  if (ctx.format === 'json' || ctx.format === 'yaml') return { kind: 'object', item: { results } };
  const rows = results.flatMap((r, i) =>
    Object.entries(r.rules).map(([rule, s]) => ({
      check: i + 1,
      rule,
      matched: s.matched,
      reachable: s.reachable ?? 0,
      over: s.over_threshold,
      result: s.over_threshold > 0 ? 'FAIL' : 'PASS',
    })),
  );
  return { kind: 'list', rows };
}
