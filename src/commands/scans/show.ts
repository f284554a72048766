import { arg, defineVerb, text } from '../define.js';
import { scanId } from '../parsers.js';
import { notFoundError } from '../../errors.js';
import { scanDetailView } from '../../output/views/scans.js';

export default defineVerb({
  name: 'show',
  summary: 'Show a scan with its findings summaries',
  examples: ['secscan scans show --app payments-api 1042'],
  operations: ['ReadScan'],
  args: [arg('scan-id', 'scan id (from `secscan scans list`)', { parser: scanId() })],
  options: {
    app: text('--app <id>', 'app id (required)', { required: true, complete: 'app' }),
  },
  view: scanDetailView,
  async run(ctx, { args: [id], opts }) {
    const client = await ctx.client();
    const [scan] = await client.call('ReadScan', { path: { appID: opts.app, scanID: id } });
    if (!scan) throw notFoundError(`ReadScan: app ${opts.app} has no scan ${id}`);
    return { kind: 'object', item: scan };
  },
});
