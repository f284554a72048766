import { orgRoles } from '@secscan/api/values';
import { arg, choice, defineVerb } from '../define.js';
import { resolveUser } from '../shared/users.js';
import { userRef } from '../shared/refs.js';
import { checkWith, shellArg } from '../../util/hints.js';

export default defineVerb({
  name: 'update',
  summary: 'Change a user’s organization role',
  description:
    'Change a user’s organization role.\n\n' +
    'TEAM_DEFINED limits the user to the apps of the user’s teams; team roles add to the organization ' +
    'role.',
  examples: ['secscan users update member@initech.example --role TEAM_DEFINED'],
  operations: ['ListOrgRBACUsers', 'UpdateOrgUser'],
  args: [arg('user', 'e-mail or user id', { parser: userRef('user'), complete: 'user' })],
  options: {
    role: choice('--role <role>', 'the organization role', orgRoles, { required: true }),
  },
  async run(ctx, { args: [ref], opts }) {
    const client = await ctx.client();
    const user = await resolveUser(client, ref);
    await client.call('UpdateOrgUser', {
      path: { userIDv2: user.id },
      body: { org_role: opts.role },
      verify: checkWith(`secscan users list --email ${user.email ? shellArg(user.email) : 'ADDRESS'}`),
    });
    ctx.note(`${user.email ?? user.id} now has the organization role ${opts.role}.`);
    return { kind: 'none' };
  },
});
