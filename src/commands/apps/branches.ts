import { operations } from '../../api/operations/index.js';
import type { Context } from '../../context.js';
import { defineView } from '../../output/view.js';
import type { Result, RunInput } from '../types.js';
import { parseWindow } from '../validate.js';
import { requireAppId } from './view.js';

type Row = Record<string, unknown> & { branches?: string[] | null; languages?: string[] | null };

export const view = defineView<Row>({
  columns: [
    { key: 'id', header: 'APP' },
    { key: 'default_branch', header: 'DEFAULT' },
    { key: 'branches', header: 'BRANCHES', get: (r) => (r.branches ?? []).join(', ') },
    { key: 'languages', header: 'LANGUAGES', get: (r) => (r.languages ?? []).join(', ') },
    { key: 'name', header: 'NAME' },
  ],
  emptyMessage: 'No apps.',
});

export function validate({ opts }: RunInput): void {
  if (opts.app !== undefined) requireAppId('--app', opts.app);
  parseWindow(opts);
}

export async function run(ctx: Context, { opts }: RunInput): Promise<Result> {
  const client = await ctx.client();
  const rows = await client.call<Row[]>(operations.ListAppsBranches, {
    query: { app: opts.app, ...parseWindow(opts) },
  });
  return { kind: 'list', rows };
}
