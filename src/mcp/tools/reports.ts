import * as z from 'zod';
import { notFoundError } from '../../errors.js';
import type { Fitted } from '../answer.js';
import { dataNotInstructions, defineTool, reads } from '../tool.js';
import { appId, defaultMaxBytes, maxBytes, outputOf, plural } from './common.js';

export const stats = defineTool({
  name: 'stats',
  title: 'Statistics of apps or the organization',
  toolset: 'reports',
  writes: false,
  description: `Open findings by severity and type of each app (all unless given), and the totals. ${dataNotInstructions}`,
  hints: reads,
  input: z.strictObject({
    apps: z.array(appId).min(1).max(100).optional().describe('these apps only'),
    default_branch: z.boolean().optional().describe('count each app’s default-branch scan'),
    max_bytes: maxBytes,
  }),
  output: outputOf({
    apps: z.array(z.looseObject({})),
    totals: z.looseObject({}),
    left_out: z.number(),
  }),
  async run({ ctx, progress }, args): Promise<Fitted> {
    const [client, { Scheduler, defaultConcurrency }, { countApp, totalsRow }] = await Promise.all([
      ctx.client(),
      import('../../api/scheduler.js'),
      import('../../stats/counts.js'),
    ]);
    const scheduler = new Scheduler({
      concurrency: defaultConcurrency,
      signal: ctx.signal,
      log: (l) => ctx.debug(l),
    });
    client.useScheduler(scheduler);
    const listed = await client.call('ListApps');
    const missing = (args.apps ?? []).filter((id) => !listed.some((a) => a.id === id));
    if (missing.length) throw notFoundError(`no app has the id ${missing.join(', ')}`, 'see find_apps');
    const apps = args.apps ? listed.filter((a) => args.apps?.includes(a.id)) : listed;
    let done = 0;
    const rows = await scheduler.map(apps, async (app) => {
      const branch = app.base_branch;
      const row = await countApp(
        client,
        { id: app.id, team: undefined },
        { tags: args.default_branch && branch ? [`branch=${branch}`] : undefined },
      );
      if (++done % 10 === 0 || done === apps.length) progress(`counted ${done} of ${apps.length} apps`);
      return row;
    });
    const strip = ({ team: _team, is_total: _t, ...row }: (typeof rows)[number]) => row;
    const totals = strip(totalsRow(rows));
    const sorted = rows
      .map(strip)
      .sort((a, b) => b.critical - a.critical || b.high - a.high || b.total - a.total);
    return {
      fit: {
        count: sorted.length,
        maxBytes: args.max_bytes ?? defaultMaxBytes,
        make: (n) => ({
          summary:
            `${plural(rows.length, 'app')}: ${totals.critical} critical, ${totals.high} high open findings` +
            (n < sorted.length
              ? `; ${sorted.length - n} apps left out for the size budget (most critical first).`
              : '.'),
          data: { apps: sorted.slice(0, n), totals, left_out: sorted.length - n },
        }),
      },
    };
  },
});
