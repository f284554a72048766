import { operations } from '../../api/operations/index.js';
import type { RbacRole } from '../../api/schemas/rbac.js';
import type { Context } from '../../context.js';
import { notFoundError, UsageError } from '../../errors.js';
import type { Result, RunInput } from '../types.js';
import { requireUuid } from '../validate.js';
import { parseScopes } from './scopes.js';
import { rbacRoleView } from './view.js';

export const view = rbacRoleView;

export function validate({ args, opts }: RunInput): void {
  requireUuid('role id', args[0]);
  const replace = parseScopes('--scope', opts.scope);
  const add = parseScopes('--add-scope', opts.addScope);
  const remove = parseScopes('--remove-scope', opts.removeScope);
  if (replace.length && (add.length || remove.length)) {
    throw new UsageError('--scope replaces all scopes: do not combine it with --add-scope or --remove-scope');
  }
  if (
    !replace.length &&
    !add.length &&
    !remove.length &&
    opts.name === undefined &&
    opts.description === undefined
  ) {
    throw new UsageError(
      'nothing to change: give --name, --description, --scope, --add-scope or --remove-scope',
    );
  }
  if (opts.name !== undefined && !String(opts.name).trim()) throw new UsageError('--name must not be empty');
}

export async function run(ctx: Context, { args, opts }: RunInput): Promise<Result> {
  const id = args[0] as string;
  const client = await ctx.client();
  const replace = parseScopes('--scope', opts.scope);
  // UpdateRBACRole replaces the whole role and requires scopes: read the current one to keep what is not changed.
  const roles = await client.call<RbacRole[]>(operations.ListOrgRBACRoles);
  const current = roles.find((r) => r.id === id);
  if (!current) throw notFoundError(`UpdateRBACRole: no role with id ${id}`, 'see `secscan roles list`');
  let scopes = replace.length ? replace : current.scopes;
  const remove = new Set(parseScopes('--remove-scope', opts.removeScope));
  scopes = [
    ...new Set([...scopes.filter((s) => !remove.has(s)), ...parseScopes('--add-scope', opts.addScope)]),
  ];
  if (!scopes.length) throw new UsageError('a role needs at least one scope');
  await client.call(operations.UpdateRBACRole, {
    path: { rbacRoleID: id },
    body: {
      name: opts.name ?? current.name,
      description: opts.description ?? current.description ?? '',
      scopes,
    },
  });
  ctx.note(`Updated role ${id}.`);
  const name = opts.name ?? current.name;
  const description = opts.description ?? current.description;
  return { kind: 'object', item: { ...current, name, description, scopes } };
}
