import { operations } from '../../api/operations/index.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import type { Result, RunInput } from '../types.js';
import { requireNonEmpty, requireUuid } from '../validate.js';
import { scopeRows, scopeView } from './view.js';

export const view = scopeView;

export function validate({ opts }: RunInput): void {
  if (opts.app !== undefined && opts.team !== undefined)
    throw new UsageError('--app and --team cannot be used together');
  if (opts.app !== undefined) requireNonEmpty('--app', opts.app);
  if (opts.team !== undefined) requireUuid('team id for --team', opts.team);
}

export async function run(ctx: Context, { opts }: RunInput): Promise<Result> {
  const client = await ctx.client();
  const scopes = await ctx.spin('Listing scopes', () =>
    opts.app !== undefined
      ? client.call<string[]>(operations.ListMyAppScopes, { path: { appID: opts.app } })
      : opts.team !== undefined
        ? client.call<string[]>(operations.ListMyTeamScopes, { path: { rbacTeamID: opts.team } })
        : client.call<string[]>(operations.ListMyOrgScopes),
  );
  return { kind: 'list', rows: scopeRows(scopes) };
}
