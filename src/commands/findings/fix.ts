import { ApiError, ExitCode, NotFoundError } from '../../errors.js';
import { appliedFixView, recommendedFixView } from '../../output/views/findings.js';
import { arg, defineVerb, flag } from '../define.js';
import { findingId } from '../shared/finding-ids.js';
import { appOption } from './internal/selection.js';

export default defineVerb({
  name: 'fix',
  summary: 'Show the recommended fix of a finding',
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
    if (!opts.applied) return { kind: 'object', item: await client.call('ReadRecommendedFix', { path }) };
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
