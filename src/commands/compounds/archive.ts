import { arg, defineVerb } from '../define.js';
import { nonEmpty } from '../parsers.js';
import { checkWith } from '../../util/hints.js';

export default defineVerb({
  name: 'archive',
  summary: 'Archive a compound',
  examples: ['secscan compounds archive java-demo'],
  operations: ['ToggleCompoundArchive'],
  args: [arg('name', 'compound name', { parser: nonEmpty('compound name'), complete: 'compound' })],
  async run(ctx, { args: [name] }) {
    const client = await ctx.client();
    await client.call('ToggleCompoundArchive', {
      path: { compoundName: name },
      body: { is_archived: true },
      verify: checkWith('secscan compounds list --archived', '(archiving again is harmless)'),
    });
    ctx.note(`Archived compound ${name}.`);
    return { kind: 'none' };
  },
});
