import { operations } from '../../api/operations/index.js';
import type { Context } from '../../context.js';
import { defineView } from '../../output/view.js';
import { requireScanId } from '../scans/refs.js';
import { summaryLines } from '../../output/views/scans.js';
import type { Result, RunInput } from '../types.js';
import { includeArchived, requireCompoundName } from './common.js';

type CompoundScan = Record<string, unknown> & {
  scans?: { app?: string; id?: string; version?: string }[] | null;
};

export const view = defineView<CompoundScan>({
  columns: [
    { key: 'polyglot_scan_id', header: 'Scan' },
    { key: 'compound_id', header: 'Compound' },
    { key: 'branch', header: 'Branch' },
    { key: 'status', header: 'Status' },
    {
      key: 'scans',
      header: 'App scans',
      get: (s) => (s.scans ?? []).map((a) => `${a.app} ${a.id} (${a.version})`).join('\n'),
    },
    {
      key: 'findings_summaries',
      header: 'Findings',
      get: (s) => summaryLines(s.findings_summaries as never),
    },
  ],
});

export function validate({ args }: RunInput): void {
  requireCompoundName(args[0]);
  requireScanId('scan id', args[1]);
}

export async function run(ctx: Context, { args }: RunInput): Promise<Result> {
  const client = await ctx.client();
  const scan = await client.call<CompoundScan>(operations.ReadCompoundScan, {
    path: { compoundName: args[0], scanID: args[1] },
    query: includeArchived,
  });
  return { kind: 'object', item: scan };
}
