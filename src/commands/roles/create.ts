import { rbacRoleView } from '../../output/views/roles.js';
import { UsageError } from '../../errors.js';
import { choice, defineVerb, list, text } from '../define.js';
import { checkScopes, parseScopes, scopeHelp } from './internal/scopes.js';
import { checkWith } from '../../util/hints.js';

export default defineVerb({
  name: 'create',
  summary: 'Create a custom RBAC role',
  description:
    'Create a custom RBAC role with the scopes given. Each --scope is checked before the role is ' +
    'written: its form at once, then against one read of the scopes the organization offers (`secscan ' +
    'scopes available`); an unknown one is a usage error (exit 2) and nothing is written.',
  examples: ['secscan roles create --name "Triage" --scope findings:list,findings:read --scope teams:list'],
  operations: ['ListAvailableRBACScopes', 'CreateCustomRBACRole'],
  options: {
    name: text('--name <name>', 'role name (required, unique)', { required: true }),
    scope: list('--scope <scope>', `${scopeHelp} (required)`),
    type: choice('--type <type>', 'where the role applies', ['team', 'organization']),
    description: text('--description <text>', 'what the role is for', { nonEmpty: false }),
  },
  view: rbacRoleView,
  validate({ opts }) {
    if (parseScopes('--scope', opts.scope).length === 0)
      throw new UsageError('at least one --scope is required');
  },
  async run(ctx, { opts }) {
    const client = await ctx.client();
    const scopes = parseScopes('--scope', opts.scope);
    await checkScopes(client, [['--scope', scopes]]);
    const role = await client.call('CreateCustomRBACRole', {
      body: {
        name: opts.name,
        description: opts.description,
        scopes,
        role_type: opts.type,
      },
      verify: checkWith('secscan roles list'),
    });
    return { kind: 'object', item: role };
  },
});
