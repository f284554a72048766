import type { ResponseInputOf } from '@secscan/api/operations/schemas';
import {
  completedScans,
  compoundByName,
  elementScans,
  oneOf,
  selectPolyglotScan,
} from '../analysis/findings-query.js';
import { searchMatcher } from '@secscan/api/search';
import type { ScanRecord } from '../model/analysis.js';
import { type PackageRow, packageSorts, scanPackages, sortPackages } from '../analysis/packages.js';
import {
  type HandlerContext,
  type HandlerMap,
  invalid,
  notFound,
  ok,
  type QueryReader,
  type Reply,
  ReplyError,
} from '../http.js';

/** An SCA packages page: an app's, or a compound scan's (with its ids). */
type Page = ResponseInputOf<'ReadAppSCAPackages' | 'ReadCompoundSCAPackages'>;

function intParam<N extends string>(
  query: QueryReader<N>,
  name: NoInfer<N>,
  fallback: number,
  min: number,
  max: number,
): number {
  const raw = query.get(name);
  if (raw === null || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new ReplyError(
      invalid(`invalid query parameter ${name}`, [`${name}: expected an integer from ${min} to ${max}`]),
    );
  }
  return n;
}

/** `tag` on the package lists: `key=value` against the package's fields (e.g. `license=MIT`). */
function packageFilter(query: URLSearchParams): (r: PackageRow) => boolean {
  const type = oneOf(query, 'type', ['package', 'container_package'])[0];
  const tag = query.get('tag');
  return (r) => {
    if (type === 'container_package' && r.type !== 'container_package') return false;
    if (type === 'package' && r.type === 'container_package') return false;
    if (!tag) return true;
    const [k, ...v] = tag.split('=');
    return String(r[k as string] ?? '') === v.join('=');
  };
}

function packagePage(
  ctx: HandlerContext,
  scans: ScanRecord[],
  extra: Pick<Page, 'compound_id' | 'polyglot_scan_id'>,
): Reply<Page> {
  const { query } = ctx;
  const perPage = intParam(query, 'per_page', 100, 1, 10_000);
  const page = intParam(query, 'page', 1, 1, Number.MAX_SAFE_INTEGER);
  const sort = oneOf(query, 'sort', packageSorts)[0];
  const order = oneOf(query, 'order', ['asc', 'desc'])[0];
  const rows = sortPackages(scanPackages(ctx.state, scans).filter(packageFilter(query)), sort, order);
  const start = (page - 1) * perPage;
  return ok({
    packages: rows.slice(start, start + perPage),
    total_count: rows.length,
    has_more: start + perPage < rows.length,
    ...extra,
    scans: scans.map((s) => ({ id: s.id, app: s.app })),
  });
}

const month = 30 * 86_400;

export const scaHandlers = {
  ReadAppSCAPackages: (ctx) => {
    const { state, params, query } = ctx;
    if (!state.apps.some((a) => a.id === params.appID)) return notFound(`no app has the id ${params.appID}`);
    const scans = completedScans(state, params.appID as string);
    const id = query.get('scan');
    const branch = query.get('branch');
    const scan = id ? scans.find((s) => s.id === id) : scans.find((s) => !branch || s.branch === branch);
    if (!scan) return notFound(`app ${params.appID} has no matching completed scan`);
    return packagePage(ctx, [scan], {});
  },

  ReadCompoundSCAPackages: (ctx) => {
    const compound = compoundByName(ctx.state, ctx.params.compoundName as string);
    const polyglot = selectPolyglotScan(ctx.state, compound.id, ctx.query);
    const scans = elementScans(ctx.state, polyglot, ctx.query);
    return packagePage(ctx, scans, { compound_id: compound.id, polyglot_scan_id: String(polyglot.id) });
  },

  // SearchDependency: pages beyond 20 fail, as the service's do.
  SearchDependency: ({ state, query }) => {
    const page = intParam(query, 'page', 1, 1, 20);
    const perPage = intParam(query, 'per_page', 250, 0, 1000);
    const latest = state.analysis.scans
      .filter((s) => s.status === 'completed')
      .reduce((max, s) => Math.max(max, Date.parse(s.started_at) / 1000), 0);
    const until = intParam(query, 'until', Math.ceil(latest), 0, Number.MAX_SAFE_INTEGER);
    const from = intParam(query, 'from', until - 4 * month, 0, Number.MAX_SAFE_INTEGER);
    // Every `search` given must be in the row's title or one of its tag values, case folded.
    const matches = searchMatcher(query.getAll('search').filter((s) => s !== ''));
    const rows: ResponseInputOf<'SearchDependency'> = [];
    for (const app of state.apps) {
      const scans = completedScans(state, app.id).filter((s) => {
        const t = Date.parse(s.started_at) / 1000;
        return t >= from && t <= until;
      });
      if (!scans.length) continue;
      for (const p of scanPackages(state, [scans[0] as ScanRecord])) {
        const row = {
          id: `${app.id}:${p.package_url}`,
          app: app.id,
          type: p.type,
          title: `${p.package}@${p.version}`,
          tags: [
            { key: 'package_url', value: p.package_url },
            { key: 'version', value: p.version },
            { key: 'license', value: p.license },
            { key: 'num_vulns', value: String(p.total_vulns) },
          ],
        };
        if (matches(row)) rows.push(row);
      }
    }
    const start = (page - 1) * perPage;
    return ok(rows.slice(start, start + perPage));
  },
} satisfies HandlerMap;
