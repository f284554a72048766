import { arg, defineVerb } from '../define.js';
import { nonEmpty } from '../parsers.js';
import { checkWith } from '../../util/hints.js';

export default defineVerb({
  name: 'unarchive',
  summary: 'Unarchive a compound',
  examples: ['secscan compounds unarchive java-demo'],
  operations: ['ToggleCompoundArchive'],
  args: [arg('name', 'compound name', { parser: nonEmpty('compound name'), complete: 'compound' })],
  async run(ctx, { args: [name] }) {
    const client = await ctx.client();
    await client.call('ToggleCompoundArchive', {
      path: { compoundName: name },
      body: { is_archived: false },
      verify: checkWith('secscan compounds list', '(unarchiving again is harmless)'),
    });
    ctx.note(`Unarchived compound ${name}.`);
    return { kind: 'none' };
  },
});
