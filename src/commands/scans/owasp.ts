import { operations } from '../../api/operations/index.js';
import type { OwaspCounts } from '../../api/schemas/scans.js';
import type { Context } from '../../context.js';
import { defineView } from '../../output/view.js';
import type { Result, RunInput } from '../types.js';
import { validateScanArgs } from './show.js';

type Row = {
  year: string;
  owasp_category: string;
  category: string;
  count: number;
};

export const view = defineView<Row>({
  columns: [
    { key: 'year', header: 'YEAR' },
    { key: 'owasp_category', header: 'OWASP CATEGORY' },
    { key: 'category', header: 'CATEGORY' },
    { key: 'count', header: 'COUNT' },
  ],
  emptyMessage: 'No findings in this scan.',
});

export const validate = validateScanArgs;

export async function run(ctx: Context, { args, opts }: RunInput): Promise<Result> {
  const client = await ctx.client();
  const counts = await client.call<OwaspCounts>(operations.ReadAppScanFindingsOWASPGrouped, {
    path: { appID: opts.app, scanID: args[0] },
  });
  if (ctx.format === 'json' || ctx.format === 'yaml') return { kind: 'object', item: counts };
  const rows: Row[] = [];
  for (const [year, categories] of Object.entries(counts)) {
    for (const [owasp, byName] of Object.entries(categories).sort()) {
      for (const [category, count] of Object.entries(byName)) {
        if (count > 0) rows.push({ year, owasp_category: owasp, category, count });
      }
    }
  }
  return { kind: 'list', rows };
}
