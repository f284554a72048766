import { ApiError, ExitCode, NotFoundError, UnexpectedResponseError } from '../../errors.js';
import { appliedFixView, recommendedFixView } from '../../output/views/findings.js';
import { arg, defineVerb, flag } from '../define.js';
import { findingId } from '../shared/finding-ids.js';
import { appOption } from './internal/selection.js';

export default defineVerb({
  name: 'fix',
  summary: 'Show the recommended fix of a finding',
  description:
    'Show the recommended fix of a finding (of --app), as the service writes it. Where it is made of changes ' +
    '(a section per change, its heading ending `from file PATH, lines A until B`, then a fenced block of the ' +
    'replacement, as AutoFix writes them: `secscan findings autofix`), -o json adds them as `changes`: ' +
    '[{title, file, from, until, lines}]; a change without its block is exit 8. --applied reads the fix ' +
    'generated for the finding instead, a feature the vendor enables on request.',
  examples: [
    'secscan findings fix --app shiftleft-java-demo 12',
    'secscan findings fix --app shiftleft-java-demo 12 --applied -o json',
  ],
  operations: ['ReadRecommendedFix', 'ReadFindingFix'],
  args: [arg('finding-id', 'the finding id', { parser: findingId })],
  options: {
    app: appOption,
    applied: flag(
      '--applied',
      'read the fix generated for the finding instead (a feature the vendor enables on request)',
    ),
  },
  view: (opts) => (opts.applied ? appliedFixView : recommendedFixView),
  async run(ctx, { args: [id], opts }) {
    const client = await ctx.client();
    const path = { appID: opts.app, findingID: id };
    if (!opts.applied) {
      const fix = await client.call('ReadRecommendedFix', { path });
      // The changes its markdown makes, for a client that turns them into edits (-o json).
      const { FixMarkdownError, parseFixMarkdown } = await import('../../fixes/markdown.js');
      let changes;
      try {
        changes = parseFixMarkdown(fix.fix);
      } catch (error) {
        if (!(error instanceof FixMarkdownError)) throw error;
        throw new UnexpectedResponseError(`ReadRecommendedFix: the fix of finding ${id}: ${error.message}`);
      }
      return { kind: 'object', item: changes.length ? { ...fix, changes } : fix };
    }
    try {
      return { kind: 'object', item: await client.call('ReadFindingFix', { path }) };
    } catch (error) {
      // ReadFindingFix: the feature is off unless the vendor turns it on for the organization.
      if (error instanceof ApiError && (error.status === 404 || error.status === 403)) {
        throw new NotFoundError(
          `finding ${id} of ${opts.app} has no applied fix: reading applied fixes is a feature the service keeps off until the vendor enables it for the organization (${error.message})`,
          ExitCode.notFound,
          404,
          error.body,
          `the recommended fix needs no feature: secscan findings fix --app ${opts.app} ${id}`,
        );
      }
      throw error;
    }
  },
});
