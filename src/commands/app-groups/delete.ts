import { arg, defineVerb } from '../define.js';
import { nonEmpty } from '../parsers.js';

export default defineVerb({
  name: 'delete',
  aliases: ['rm'],
  summary: 'Delete an app group (its apps stay)',
  examples: ['secscan app-groups delete payments --yes'],
  operations: ['DeleteAppGroup'],
  args: [arg('name', 'app group name', { parser: nonEmpty('app group name') })],
  async run(ctx, { args: [name] }) {
    const client = await ctx.client();
    await ctx.confirm(`Delete app group ${name}?`);
    await client.call('DeleteAppGroup', { path: { appGroupName: name } });
    ctx.note(`Deleted app group ${name}.`);
    return { kind: 'none' };
  },
});
