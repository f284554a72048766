import { commentView } from '../../../output/views/findings.js';
import { arg, defineVerb } from '../../define.js';
import { nonEmpty } from '../../parsers.js';
import { findingId } from '../../shared/finding-ids.js';
import { appOption } from '../internal/selection.js';
import { checkWith, shellArg } from '../../../util/hints.js';

export default defineVerb({
  name: 'add',
  summary: 'Add a comment to a finding',
  examples: ['secscan findings comment add --app shiftleft-java-demo 12 "Fix scheduled for 2.4"'],
  operations: ['CreateAppFindingComment'],
  args: [
    arg('finding-id', 'the finding id', { parser: findingId }),
    arg('text', 'the comment', { parser: nonEmpty('the comment text') }),
  ],
  options: { app: appOption },
  view: commentView,
  async run(ctx, { args: [id, comment], opts }) {
    const client = await ctx.client();
    const created = await client.call('CreateAppFindingComment', {
      path: { appID: opts.app, findingID: id },
      body: { comment },
      verify: checkWith(`secscan findings comment list --app ${shellArg(opts.app)} ${id}`),
    });
    ctx.note(`Commented on finding ${id} of ${opts.app}.`);
    return { kind: 'object', item: created };
  },
});
