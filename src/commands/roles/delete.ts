import { arg, defineVerb } from '../define.js';
import { uuid } from '../parsers.js';

export default defineVerb({
  name: 'delete',
  aliases: ['rm'],
  summary: 'Delete a custom role (built-in roles cannot be deleted)',
  examples: ['secscan roles delete b6d1a7f0-1c2d-4e3f-8a9b-0c1d2e3f4a5b --yes'],
  operations: ['DeleteCustomRBACRole'],
  args: [arg('id', 'role id (uuid)', { parser: uuid('role id') })],
  async run(ctx, { args: [id] }) {
    const client = await ctx.client();
    await ctx.confirm(`Delete role ${id}?`);
    await client.call('DeleteCustomRBACRole', { path: { rbacRoleID: id } });
    ctx.note(`Deleted role ${id}.`);
    return { kind: 'none' };
  },
});
