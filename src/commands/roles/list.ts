import { operations } from '../../api/operations/index.js';
import type { Context } from '../../context.js';
import type { Opts, Result, RunInput } from '../types.js';
import { managedRoleView, rbacRoleView } from './view.js';

export const view = (opts: Opts) => (opts.accessToken ? managedRoleView : rbacRoleView);

export async function run(ctx: Context, { opts }: RunInput): Promise<Result> {
  const client = await ctx.client();
  const op = opts.accessToken ? operations.ListRoles : operations.ListOrgRBACRoles;
  const roles = await ctx.spin('Listing roles', () => client.call<Record<string, unknown>[]>(op));
  return { kind: 'list', rows: roles };
}
