import { arg, defineVerb } from '../define.js';
import { nonEmpty } from '../parsers.js';
import { compoundBranchView } from '../../output/views/compounds.js';

export default defineVerb({
  name: 'branches',
  summary: 'List the branches a compound was scanned on',
  examples: ['secscan compounds branches shop'],
  operations: ['CompoundBranches'],
  args: [arg('name', 'compound name', { parser: nonEmpty('compound name'), complete: 'compound' })],
  view: compoundBranchView,
  async run(ctx, { args: [name] }) {
    const client = await ctx.client();
    // Archived compounds are found too: `archived` asks the service to include them.
    const { branches } = await client.call('CompoundBranches', {
      path: { compoundName: name },
      query: { archived: true },
    });
    return { kind: 'list', rows: branches.map((branch) => ({ branch })) };
  },
});
