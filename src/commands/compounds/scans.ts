import { arg, choice, defineVerb, flag, parsed, text } from '../define.js';
import { int, nonEmpty } from '../parsers.js';
import type { Scan } from '@secscan/api/schemas/scans';
import type { View } from '../../output/core/view.js';
import { type Streamlined, streamlinedScanView } from '../../output/views/compounds.js';
import { scanView } from '../../output/views/scans.js';

export default defineVerb({
  name: 'scans',
  summary: 'List the scans of a compound, newest first',
  examples: ['secscan compounds scans shop --branch main', 'secscan compounds scans shop --streamlined'],
  operations: ['ListScansInCompound', 'GetStreamlinedScans'],
  args: [arg('name', 'compound name', { parser: nonEmpty('compound name'), complete: 'compound' })],
  options: {
    status: choice('--status <status>', 'only scans in this state', ['completed', 'running', 'failed'], {
      conflicts: ['streamlined'],
    }),
    branch: text('--branch <branch>', 'only scans of this branch'),
    streamlined: flag('--streamlined', 'a summary per scan: counts by severity, languages, agent'),
    limit: parsed('--limit <n>', 'at most this many scans, 1 to 100 (default 10)', int(1, 100)),
  },
  view: (opts): View<Streamlined | Scan> => (opts.streamlined ? streamlinedScanView : scanView),
  async run(ctx, { args: [name], opts }) {
    const client = await ctx.client();
    const path = { compoundName: name };
    if (opts.streamlined) {
      const { scans } = await client.call('GetStreamlinedScans', {
        path,
        query: { branch: opts.branch, limit: opts.limit },
      });
      return { kind: 'list', rows: scans };
    }
    // Archived compounds are found too: `archived` asks the service to include them.
    const { scans } = await client.call('ListScansInCompound', {
      path,
      query: { archived: true, status: opts.status, branch: opts.branch, limit: opts.limit },
    });
    return { kind: 'list', rows: scans };
  },
});
