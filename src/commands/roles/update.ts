import { notFoundError, UsageError } from '../../errors.js';
import { rbacRoleView } from '../../output/views/roles.js';
import { arg, defineVerb, list, text } from '../define.js';
import { uuid } from '../parsers.js';
import { checkScopes, parseScopes, scopeHelp } from './internal/scopes.js';

export default defineVerb({
  name: 'update',
  summary: 'Change a custom role’s name, description or scopes',
  description:
    'Change a custom role: its name, description, or scopes (all of them with --scope, or some with ' +
    '--add-scope and --remove-scope). Each scope given is checked before the role is written: its form at ' +
    'once, then against one read of the scopes the organization offers (`secscan scopes available`); an ' +
    'unknown one is a usage error (exit 2) and nothing is written.',
  examples: ['secscan roles update <id> --add-scope org_metrics:read --remove-scope findings:read'],
  operations: ['ListAvailableRBACScopes', 'ListOrgRBACRoles', 'UpdateRBACRole'],
  args: [arg('id', 'role id (uuid)', { parser: uuid('role id') })],
  options: {
    name: text('--name <name>', 'new name'),
    description: text('--description <text>', 'new description', { nonEmpty: false }),
    scope: list('--scope <scope>', `replace all scopes: ${scopeHelp}`, {
      conflicts: ['addScope', 'removeScope'],
    }),
    addScope: list('--add-scope <scope>', 'add scopes to the current ones'),
    removeScope: list('--remove-scope <scope>', 'remove scopes from the current ones'),
  },
  view: rbacRoleView,
  validate({ opts }) {
    const replace = parseScopes('--scope', opts.scope);
    const add = parseScopes('--add-scope', opts.addScope);
    const remove = parseScopes('--remove-scope', opts.removeScope);
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
  },
  async run(ctx, { args: [id], opts }) {
    const client = await ctx.client();
    const replace = parseScopes('--scope', opts.scope);
    const add = parseScopes('--add-scope', opts.addScope);
    await checkScopes(client, [
      ['--scope', replace],
      ['--add-scope', add],
    ]);
    // UpdateRBACRole replaces the whole role and requires scopes: read the current one to keep what is not changed.
    const roles = await client.call('ListOrgRBACRoles');
    const current = roles.find((r) => r.id === id);
    if (!current) throw notFoundError(`UpdateRBACRole: no role with id ${id}`, 'see `secscan roles list`');
    const remove = new Set(parseScopes('--remove-scope', opts.removeScope));
    const scopes = [
      ...new Set([...(replace.length ? replace : current.scopes).filter((s) => !remove.has(s)), ...add]),
    ];
    if (!scopes.length) throw new UsageError('a role needs at least one scope');
    const name = opts.name ?? current.name;
    const description = opts.description ?? current.description;
    await client.call('UpdateRBACRole', {
      path: { rbacRoleID: id },
      body: { name, description: description ?? '', scopes },
    });
    ctx.note(`Updated role ${id}.`);
    return { kind: 'object', item: { ...current, name, description, scopes } };
  },
});
