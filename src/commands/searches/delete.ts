import { arg, defineVerb } from '../define.js';
import { nonEmpty } from '../parsers.js';
import { checkWith } from '../../util/hints.js';

export default defineVerb({
  name: 'delete',
  aliases: ['rm'],
  summary: 'Delete a saved search',
  examples: ['secscan searches delete 6694f9ce-d72a-45a3-a59a-5a8279010973 --yes'],
  operations: ['DeleteSavedSearch'],
  args: [arg('id', 'saved search id (see `secscan searches list`)', { parser: nonEmpty('search id') })],
  async run(ctx, { args: [id] }) {
    const client = await ctx.client();
    await ctx.confirm(`Delete saved search ${id}?`);
    await client.call('DeleteSavedSearch', {
      path: { searchID: id },
      verify: checkWith('secscan searches list'),
    });
    ctx.note(`Deleted saved search ${id}.`);
    return { kind: 'none' };
  },
});
