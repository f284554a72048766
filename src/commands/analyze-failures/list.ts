import { defineVerb, parsed } from '../define.js';
import { int } from '../parsers.js';
import { failureView } from '../../output/views/analyze-failures.js';

export default defineVerb({
  name: 'list',
  aliases: ['ls'],
  summary: 'List the organization’s analysis failures, newest first',
  examples: [
    'secscan analyze-failures list --limit 20',
    'secscan analyze-failures list --fields app_name,category',
  ],
  operations: ['ListAnalyzeFailures'],
  options: { limit: parsed('--limit <n>', 'at most this many, 1 to 100 (default 100)', int(1, 100)) },
  view: failureView,
  async run(ctx, { opts }) {
    const client = await ctx.client();
    const { failures } = await client.call('ListAnalyzeFailures', { query: { limit: opts.limit } });
    return { kind: 'list', rows: failures };
  },
});
