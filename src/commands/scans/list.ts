import { defineVerb, list, parsed, text } from '../define.js';
import { int, pattern } from '../parsers.js';
import { scanView } from '../../output/views/scans.js';

export default defineVerb({
  name: 'list',
  aliases: ['ls'],
  summary: 'List the scans of an app, newest first',
  examples: [
    'secscan scans list --app payments-api',
    'secscan scans list --app payments-api --tag branch=main',
  ],
  operations: ['ListScans'],
  options: {
    app: text('--app <id>', 'app id (required)', { required: true, complete: 'app' }),
    tag: list('--tag <key=value>', 'only scans with this tag (repeatable)', {
      parser: pattern(/^\w+=\S+$/, 'expected KEY=VALUE, e.g. branch=main'),
    }),
    limit: parsed('--limit <n>', 'at most this many scans, 1 to 50 (default 10)', int(1, 50)),
  },
  view: scanView,
  async run(ctx, { opts }) {
    const client = await ctx.client();
    const { scans } = await ctx.spin('Listing scans', () =>
      client.call('ListScans', { path: { appID: opts.app }, query: { tags: opts.tag, limit: opts.limit } }),
    );
    return { kind: 'list', rows: scans };
  },
});
