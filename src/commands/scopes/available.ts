import { operations } from '../../api/operations/index.js';
import type { Context } from '../../context.js';
import type { Result } from '../types.js';
import { scopeRows, scopeView } from './view.js';

export const view = scopeView;

export async function run(ctx: Context): Promise<Result> {
  const client = await ctx.client();
  const scopes = await ctx.spin('Listing scopes', () =>
    client.call<string[]>(operations.ListAvailableRBACScopes),
  );
  return { kind: 'list', rows: scopeRows(scopes) };
}
