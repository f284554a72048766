import { commentView } from '../../../output/views/findings.js';
import { arg, defineVerb } from '../../define.js';
import { findingId } from '../../shared/finding-ids.js';
import { appOption } from '../internal/selection.js';

export default defineVerb({
  name: 'list',
  aliases: ['ls'],
  summary: 'List the comments on a finding, oldest first',
  examples: ['secscan findings comment list --app shiftleft-java-demo 12'],
  operations: ['ListAppFindingComments'],
  args: [arg('finding-id', 'the finding id', { parser: findingId })],
  options: { app: appOption },
  view: commentView,
  async run(ctx, { args: [id], opts }) {
    const client = await ctx.client();
    const comments = await ctx.spin('Listing comments', () =>
      client.call('ListAppFindingComments', { path: { appID: opts.app, findingID: id } }),
    );
    return { kind: 'list', rows: comments };
  },
});
