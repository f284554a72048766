import type { Dependency } from '@secscan/api/schemas/sca';
import { UsageError } from '../../errors.js';
import { dependencyView } from '../../output/views/dependencies.js';
import { arg, defineVerb, parsed } from '../define.js';
import { int, nonEmpty, when } from '../parsers.js';

/** SearchDependency serves pages 1 to 20 only. */
const maxPages = 20;

export default defineVerb({
  name: 'search',
  summary: 'List dependencies matching TEXT across every app',
  description:
    'Search the packages found by scans in a time window (default: the four months before the latest ' +
    'successful scan). The service serves at most 20 pages: narrow the window or the text when it is reached.',
  examples: ['secscan dependencies search log4j', 'secscan dependencies search lodash --from 90d -o json'],
  operations: ['SearchDependency'],
  args: [arg('text', 'text to look for in package names and URLs', { parser: nonEmpty('the search text') })],
  options: {
    from: parsed(
      '--from <when>',
      'window start: a date (2025-01-31, ISO time), Unix seconds, or a duration ago (30d, 12h)',
      when(),
    ),
    until: parsed(
      '--until <when>',
      'window end: a date, Unix seconds, or a duration ago (default: the latest scan)',
      when(),
    ),
    perPage: parsed('--per-page <n>', 'results per request, 1 to 1000 (default 250)', int(1, 1000)),
    limit: parsed('--limit <n>', 'stop after N results', int(1, 20_000)),
  },
  view: dependencyView,
  validate({ opts }) {
    if (opts.from !== undefined && opts.until !== undefined && opts.from > opts.until)
      throw new UsageError('--from is after --until');
  },
  async run(ctx, { args: [search], opts }) {
    const client = await ctx.client();
    const perPage = opts.perPage ?? 250;
    const { from, until, limit } = opts;
    async function* rows(): AsyncGenerator<Dependency> {
      let count = 0;
      for (let page = 1; page <= maxPages; page++) {
        const items = await client.call('SearchDependency', {
          query: { search, page, per_page: perPage, from, until },
        });
        for (const item of items) {
          yield item;
          if (limit !== undefined && ++count >= limit) return;
        }
        if (items.length < perPage) return;
      }
      ctx.warn(
        `the service serves at most ${maxPages} pages of ${perPage}: more dependencies may match. Narrow --from/--until or the search text, or raise --per-page (up to 1000)`,
      );
    }
    return { kind: 'list', rows: rows() };
  },
});
