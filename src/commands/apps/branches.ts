import { UsageError } from '../../errors.js';
import { defineVerb, parsed } from '../define.js';
import { appId, when } from '../parsers.js';
import { appBranchesView } from '../../output/views/apps.js';

export default defineVerb({
  name: 'branches',
  summary: 'List the branches scanned per app in a time window (default: the last week)',
  examples: [
    'secscan apps branches --from 90d',
    'secscan apps branches --app payments-api --from 2026-09-01',
  ],
  operations: ['ListAppsBranches'],
  options: {
    app: parsed('--app <id>', 'only this app', appId(), { complete: 'app' }),
    from: parsed('--from <when>', 'start: a date, Unix seconds, or an age such as 30d (default 7d)', when()),
    until: parsed('--until <when>', 'end: a date, Unix seconds, or an age (default now)', when()),
  },
  view: appBranchesView,
  validate({ opts }) {
    if (opts.from !== undefined && opts.until !== undefined && opts.from > opts.until)
      throw new UsageError('--from is after --until');
  },
  async run(ctx, { opts }) {
    const client = await ctx.client();
    const rows = await client.call('ListAppsBranches', {
      query: { app: opts.app, from: opts.from, until: opts.until },
    });
    return { kind: 'list', rows };
  },
});
