import { defineVerb } from '../../define.js';
import { autofixView } from '../../../output/views/org.js';

export default defineVerb({
  name: 'show',
  summary: 'Show the organization’s AutoFix configuration',
  examples: ['secscan org autofix show', 'secscan org autofix show -o json'],
  operations: ['ReadOrgAutoFixConfig'],
  view: autofixView,
  async run(ctx) {
    const client = await ctx.client();
    const { autofix_configuration: config } = await client.call('ReadOrgAutoFixConfig');
    return { kind: 'object', item: config };
  },
});
