import { arg, defineVerb } from '../define.js';
import { uuid } from '../parsers.js';
import { failureView } from '../../output/views/analyze-failures.js';

export default defineVerb({
  name: 'show',
  summary: 'Show an analysis failure',
  examples: ['secscan analyze-failures show 3fa85f64-5717-4562-b3fc-2c963f66afa6'],
  operations: ['GetAnalyzeFailure'],
  args: [arg('id', 'failure id (uuid)', { parser: uuid('failure id') })],
  view: failureView,
  async run(ctx, { args: [id] }) {
    const client = await ctx.client();
    return { kind: 'object', item: await client.call('GetAnalyzeFailure', { path: { failureId: id } }) };
  },
});
