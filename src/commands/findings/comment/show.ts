import { commentView } from '../../../output/views/findings.js';
import { arg, defineVerb } from '../../define.js';
import { nonEmpty } from '../../parsers.js';
import { findingId } from '../../shared/finding-ids.js';
import { appOption } from '../internal/selection.js';

export default defineVerb({
  name: 'show',
  summary: 'Show one comment',
  examples: ['secscan findings comment show --app shiftleft-java-demo 12 3'],
  operations: ['ReadOneAppFindingComment'],
  args: [
    arg('finding-id', 'the finding id', { parser: findingId }),
    arg('comment-id', 'the comment id', { parser: nonEmpty('the comment id') }),
  ],
  options: { app: appOption },
  view: commentView,
  async run(ctx, { args: [id, commentId], opts }) {
    const client = await ctx.client();
    const comment = await client.call('ReadOneAppFindingComment', {
      path: { appID: opts.app, findingID: id, commentID: commentId },
    });
    return { kind: 'object', item: comment };
  },
});
