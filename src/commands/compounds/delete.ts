import { arg, defineVerb } from '../define.js';
import { uuid } from '../parsers.js';

export default defineVerb({
  name: 'delete',
  aliases: ['rm'],
  summary: 'Delete a compound',
  examples: ['secscan compounds delete 5d2c8e1f-7a3b-4c6d-9e0f-1a2b3c4d5e6f --yes'],
  operations: ['DeleteCompound'],
  args: [arg('id', 'compound id (uuid, from `secscan compounds list`)', { parser: uuid('compound id') })],
  async run(ctx, { args: [id] }) {
    const client = await ctx.client();
    await ctx.confirm(`Delete compound ${id}? Its compound scans go with it`);
    await client.call('DeleteCompound', { path: { compoundID: id } });
    ctx.note(`Deleted compound ${id}.`);
    return { kind: 'none' };
  },
});
