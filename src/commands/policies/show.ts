import { policyFileDocument } from '../../output/export/texts.js';
import { defineVerb } from '../define.js';
import { referenceArg } from './internal/file.js';

export default defineVerb({
  name: 'show',
  summary: 'Print a stored policy file as it was pushed',
  description:
    'Print a stored policy file as it was pushed: the latest version of NAME, or the version tagged ' +
    'NAME:TAG.\n\n' +
    'The file goes to stdout byte for byte (on a terminal, control characters are removed); `-o json` ' +
    'prints {reference, content}.',
  examples: ['secscan policies show default', 'secscan policies show default:2 > rules.yml'],
  operations: ['ResolveCheckAnalysisConfiguration'],
  args: [referenceArg],
  document: policyFileDocument,
  async run(ctx, { args: [reference] }) {
    const client = await ctx.client();
    const content = await client.call('ResolveCheckAnalysisConfiguration', { path: { reference } });
    return { kind: 'document', document: { type: 'policy-file' as const, reference, content } };
  },
});
