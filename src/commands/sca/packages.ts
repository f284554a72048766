import { operations } from '../../api/operations/index.js';
import { scaSorts } from '../../api/schemas/sca.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { defineView } from '../../output/view.js';
import type { Result, RunInput } from '../types.js';
import { parseInteger } from '../validate.js';

export const view = defineView<Record<string, unknown>>({
  columns: [
    { key: 'package', header: 'PACKAGE', max: 50 },
    { key: 'version', header: 'VERSION' },
    { key: 'type', header: 'TYPE' },
    { key: 'license', header: 'LICENSE' },
    { key: 'total_vulns', header: 'VULNS' },
    { key: 'total_reachable', header: 'REACHABLE' },
    { key: 'total_exploitable', header: 'EXPLOITABLE' },
    { key: 'package_url', header: 'PURL' },
    { key: 'apps', header: 'APPS' },
  ],
  defaults: ['package', 'version', 'type', 'license', 'total_vulns', 'total_reachable'],
  emptyMessage: 'No packages.',
});

function plan(opts: RunInput['opts']) {
  if ((opts.app === undefined) === (opts.compound === undefined))
    throw new UsageError('give either --app ID or --compound NAME');
  if (opts.app !== undefined && opts.polyglotScan !== undefined)
    throw new UsageError('--polyglot-scan needs --compound');
  if (opts.compound !== undefined && opts.scan !== undefined)
    throw new UsageError('--scan needs --app (use --polyglot-scan)');
  for (const [flag, value, allowed] of [
    ['--type', opts.type, ['package', 'container_package']],
    ['--sort', opts.sort, scaSorts],
    ['--order', opts.order, ['asc', 'desc']],
  ] as const) {
    if (value !== undefined && !(allowed as readonly string[]).includes(value)) {
      throw new UsageError(
        `invalid value for ${flag}: ${JSON.stringify(value)} (choose from ${allowed.join(', ')})`,
      );
    }
  }
  const limit = parseInteger('--limit', opts.limit, 1, 100_000_000);
  if (opts.all && limit !== undefined) throw new UsageError('--all and --limit cannot be used together');
  return {
    perPage: parseInteger('--per-page', opts.perPage, 1, 10_000),
    scan: parseInteger('--scan', opts.scan, 1, Number.MAX_SAFE_INTEGER),
    polyglot: parseInteger('--polyglot-scan', opts.polyglotScan, 1, Number.MAX_SAFE_INTEGER),
    limit,
  };
}

export function validate({ opts }: RunInput): void {
  plan(opts);
}

export async function run(ctx: Context, { opts }: RunInput): Promise<Result> {
  const p = plan(opts);
  const client = await ctx.client();
  const info = { total: 0, more: false };
  async function* rows() {
    let count = 0;
    for (let page = 1; ; page++) {
      const common = { type: opts.type, sort: opts.sort, order: opts.order, per_page: p.perPage, page };
      const data = await (opts.app !== undefined
        ? client.call<{ packages: Record<string, unknown>[]; has_more: boolean; total_count: number }>(
            operations.ReadAppSCAPackages,
            { path: { appID: opts.app }, query: { ...common, scan: p.scan, branch: opts.branch } },
          )
        : client.call<{ packages: Record<string, unknown>[]; has_more: boolean; total_count: number }>(
            operations.ReadCompoundSCAPackages,
            {
              path: { compoundName: opts.compound },
              query: { ...common, polyglot_scan: p.polyglot, scan_branch: opts.branch },
            },
          ));
      info.total = data.total_count;
      info.more = data.has_more;
      for (const pkg of data.packages) {
        yield pkg;
        if (p.limit !== undefined && ++count >= p.limit) return;
      }
      if (!data.has_more || (!opts.all && p.limit === undefined)) return;
    }
  }
  return {
    kind: 'list',
    rows: rows(),
    footer: (count) =>
      info.total > count ? `${count} of ${info.total} packages (--all for every page)` : undefined,
  };
}
