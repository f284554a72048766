import { operations } from '../../api/operations/index.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import type { Result, RunInput } from '../types.js';
import { requireNonEmpty } from '../validate.js';
import { parseScopes } from './scopes.js';
import { rbacRoleView } from './view.js';

export const view = rbacRoleView;

export function validate({ opts }: RunInput): void {
  if (opts.name === undefined) throw new UsageError('--name is required');
  requireNonEmpty('--name', opts.name);
  if (parseScopes('--scope', opts.scope).length === 0)
    throw new UsageError('at least one --scope is required');
}

export async function run(ctx: Context, { opts }: RunInput): Promise<Result> {
  const client = await ctx.client();
  const role = await client.call<Record<string, unknown>>(operations.CreateCustomRBACRole, {
    body: {
      name: opts.name,
      description: opts.description,
      scopes: parseScopes('--scope', opts.scope),
      role_type: opts.type,
    },
  });
  return { kind: 'object', item: role };
}
