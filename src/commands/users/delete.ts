import { arg, defineVerb } from '../define.js';
import { resolveUser } from '../shared/users.js';
import { userRef } from '../shared/refs.js';
import { checkWith, shellArg } from '../../util/hints.js';

export default defineVerb({
  name: 'delete',
  aliases: ['rm'],
  summary: 'Remove a user from the organization',
  examples: ['secscan users delete guest@initech.example --yes'],
  operations: ['ListOrgRBACUsers', 'DeleteOrgUser'],
  args: [arg('user', 'e-mail or user id', { parser: userRef('user'), complete: 'user' })],
  async run(ctx, { args: [ref] }) {
    await ctx.confirm(`Remove ${ref} from the organization? The user loses every access`);
    const client = await ctx.client();
    const user = await resolveUser(client, ref);
    await client.call('DeleteOrgUser', {
      path: { userIDv2: user.id },
      verify: checkWith(`secscan users list --email ${user.email ? shellArg(user.email) : 'ADDRESS'}`),
    });
    ctx.note(`Removed ${user.email ?? user.id}.`);
    return { kind: 'none' };
  },
});
