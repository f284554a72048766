import type { ScaPackage } from '@secscan/api/schemas/sca';
import { scaSorts } from '@secscan/api/values';
import { UsageError } from '../../errors.js';
import { scaPackageView } from '../../output/views/sca.js';
import { choice, defineVerb, flag, parsed, text } from '../define.js';
import { int, scanId } from '../parsers.js';

export default defineVerb({
  name: 'packages',
  summary: 'List the packages of an app’s or a compound’s latest scan',
  examples: [
    'secscan sca packages --app shiftleft-java-demo',
    'secscan sca packages --compound shop --sort num_vulns --order desc --all -o csv',
  ],
  operations: ['ReadAppSCAPackages', 'ReadCompoundSCAPackages'],
  options: {
    app: text('--app <id>', 'packages of an app', { conflicts: ['compound'] }),
    compound: text('--compound <name>', 'packages of a compound'),
    scan: parsed('--scan <id>', '--app: this scan (default the latest)', scanId(), { conflicts: ['branch'] }),
    branch: text('--branch <name>', 'the latest scan of this branch'),
    polyglotScan: parsed(
      '--polyglot-scan <id>',
      '--compound: this compound scan',
      scanId('polyglot scan id'),
      { conflicts: ['branch'] },
    ),
    type: choice('--type <type>', 'only packages of this type', ['package', 'container_package']),
    sort: choice('--sort <field>', 'sort field', scaSorts),
    order: choice('--order <order>', 'sort order', ['asc', 'desc']),
    perPage: parsed('--per-page <n>', 'packages per request, 1 to 10000 (default 100)', int(1, 10_000)),
    all: flag('--all', 'fetch every page', { conflicts: ['limit'] }),
    limit: parsed('--limit <n>', 'stop after N packages', int(1, 100_000_000)),
  },
  view: scaPackageView,
  validate({ opts }) {
    if (opts.app === undefined && opts.compound === undefined)
      throw new UsageError('give either --app ID or --compound NAME');
    if (opts.app !== undefined && opts.polyglotScan !== undefined)
      throw new UsageError('--polyglot-scan needs --compound');
    if (opts.compound !== undefined && opts.scan !== undefined)
      throw new UsageError('--scan needs --app (use --polyglot-scan)');
  },
  async run(ctx, { opts }) {
    const client = await ctx.client();
    const { app, compound, limit } = opts;
    const info = { total: 0 };
    async function* rows(): AsyncGenerator<ScaPackage> {
      let count = 0;
      for (let page = 1; ; page++) {
        const common = { type: opts.type, sort: opts.sort, order: opts.order, per_page: opts.perPage, page };
        const data =
          app !== undefined
            ? await client.call('ReadAppSCAPackages', {
                path: { appID: app },
                query: { ...common, scan: opts.scan, branch: opts.branch },
              })
            : await client.call('ReadCompoundSCAPackages', {
                path: { compoundName: compound ?? '' },
                query: { ...common, polyglot_scan: opts.polyglotScan, scan_branch: opts.branch },
              });
        info.total = data.total_count;
        for (const pkg of data.packages) {
          yield pkg;
          if (limit !== undefined && ++count >= limit) return;
        }
        if (!data.has_more || (!opts.all && limit === undefined)) return;
      }
    }
    return {
      kind: 'list',
      rows: rows(),
      footer: (count) =>
        info.total > count ? `${count} of ${info.total} packages (--all for every page)` : undefined,
    };
  },
});
