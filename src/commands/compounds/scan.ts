import { arg, defineVerb } from '../define.js';
import { nonEmpty, scanId } from '../parsers.js';
import { compoundScanView } from '../../output/views/compounds.js';

export default defineVerb({
  name: 'scan',
  summary: 'Show a compound scan with its app scans and findings summaries',
  examples: ['secscan compounds scan shop 1042', 'secscan compounds scan shop 1042 -o json'],
  operations: ['ReadCompoundScan'],
  args: [
    arg('name', 'compound name', { parser: nonEmpty('compound name'), complete: 'compound' }),
    arg('scan-id', 'compound (polyglot) scan id', { parser: scanId() }),
  ],
  view: compoundScanView,
  async run(ctx, { args: [name, id] }) {
    const client = await ctx.client();
    // Archived compounds are found too: `archived` asks the service to include them.
    const scan = await client.call('ReadCompoundScan', {
      path: { compoundName: name, scanID: id },
      query: { archived: true },
    });
    return { kind: 'object', item: scan };
  },
});
