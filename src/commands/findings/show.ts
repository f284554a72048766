import { findingDetailView } from '../../output/views/findings.js';
import { arg, defineVerb } from '../define.js';
import { findingId } from '../shared/finding-ids.js';
import { appOption } from './internal/selection.js';

export default defineVerb({
  name: 'show',
  summary: 'Show one finding in detail',
  examples: [
    'secscan findings show --app shiftleft-java-demo 12',
    'secscan findings show --app shiftleft-java-demo 12 -o json',
  ],
  operations: ['ReadAppFinding'],
  args: [arg('finding-id', 'the finding id (from `findings list`)', { parser: findingId })],
  options: { app: appOption },
  view: findingDetailView,
  async run(ctx, { args: [id], opts }) {
    const client = await ctx.client();
    const finding = await ctx.spin('Reading the finding', () =>
      client.call('ReadAppFinding', { path: { appID: opts.app, findingID: id } }),
    );
    return { kind: 'object', item: finding };
  },
});
