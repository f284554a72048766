import { findingLocation, formatLocation } from '@secscan/api/location';
import type { Finding } from '@secscan/api/schemas/findings';
import * as z from 'zod';
import { NotFoundError, notFoundError } from '../../errors.js';
import { mapLimit } from '../../util/batches.js';
import type { Fitted } from '../answer.js';
import { dataNotInstructions, defineTool, reads } from '../tool.js';
import { appId, cut, defaultMaxBytes, findingIdArg, maxBytes, outputOf, plural } from './common.js';
import { findingSources } from './finding-sources.js';

function locations(f: Finding): string[] {
  const listed = f.details?.file_locations;
  if (Array.isArray(listed) && listed.length) return listed.slice(0, 20).map(String);
  const one = formatLocation(findingLocation(f));
  return one ? [one] : [];
}

export const findingDetails = defineTool({
  name: 'finding_details',
  title: 'Findings in detail, with their fix',
  toolset: 'findings',
  writes: false,
  description: `Up to 10 findings of an app by id: description, locations, dataflow (source to sink, each step's symbol, in the app's newest scan), tags and the fix: AutoFix's unified patch once one was made for the finding (source autofix), else the recommended fix. ${dataNotInstructions}`,
  hints: reads,
  input: z.strictObject({
    app: appId,
    ids: z.array(findingIdArg).min(1).max(10),
    max_bytes: maxBytes,
  }),
  output: outputOf({
    findings: z.array(z.looseObject({})),
    missing: z.array(z.string()),
    left_out: z.array(z.string()),
  }),
  async run({ ctx }, { app, ids, max_bytes }): Promise<Fitted> {
    const client = await ctx.client();
    const unique = [...new Set(ids)];
    const sources = findingSources();
    const read = await mapLimit(unique, 4, async (id) => {
      try {
        const finding = await client.call('ReadAppFinding', { path: { appID: app, findingID: id } });
        const f = { ...finding, app };
        const [dataflow, fix] = await Promise.all([sources.dataflow(client, f), sources.fix(client, f)]);
        return {
          id: f.id,
          app,
          type: f.type,
          severity: f.severity,
          title: f.title,
          description: cut(f.description, 2000),
          status: f.status || 'unset',
          ...(f.assignee ? { assignee: f.assignee } : {}),
          category: f.category,
          locations: locations(f),
          dataflow,
          tags: Object.fromEntries((f.tags ?? []).slice(0, 40).map((t) => [t.key, t.value])),
          fix,
        };
      } catch (error) {
        if (error instanceof NotFoundError) return id;
        throw error;
      }
    });
    const found = read.filter((r): r is Exclude<typeof r, string> => typeof r !== 'string');
    const missing = read.filter((r): r is string => typeof r === 'string');
    if (!found.length) {
      throw notFoundError(`app ${app} has none of the findings given`, 'see search_findings');
    }
    return {
      fit: {
        count: found.length,
        maxBytes: max_bytes ?? defaultMaxBytes,
        make: (n) => ({
          summary:
            `${plural(n, 'finding')} in detail` +
            (missing.length ? `; ${missing.length} not found` : '') +
            (n < found.length
              ? `; ${found.length - n} left out for the size budget (ask for them alone)`
              : '') +
            '.',
          data: { findings: found.slice(0, n), missing, left_out: found.slice(n).map((f) => f.id) },
        }),
      },
    };
  },
});
