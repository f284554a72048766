import { arg, defineVerb } from '../define.js';
import { uuid } from '../parsers.js';

export default defineVerb({
  name: 'delete',
  aliases: ['rm'],
  summary: 'Delete (revoke) a token',
  examples: ['secscan tokens delete 3fa85f64-5717-4562-b3fc-2c963f66afa6 --yes'],
  operations: ['DeleteToken'],
  args: [arg('id', 'token id (from `secscan tokens list`)', { parser: uuid('token id') })],
  async run(ctx, { args: [id] }) {
    const client = await ctx.client();
    await ctx.confirm(`Delete token ${id}? Anything using it stops working`);
    await client.call('DeleteToken', { path: { tokenID: id } });
    ctx.note(`Deleted token ${id}.`);
    return { kind: 'none' };
  },
});
