import { evaluateCheck } from '../analysis/check.js';
import { compareScans, resolveScanRef } from '../analysis/compare.js';
import type { ScanRecord } from '../model/analysis.js';
import { parsePolicy } from '../analysis/policy.js';
import { apiScan, appScans, findingsOf, requireApp } from '../analysis/shape.js';
import { type HandlerContext, type HandlerMap, invalid, notFound, ok, ReplyError } from '../http.js';
import { owaspCategory } from '../reports/model.js';
import { type OwaspYear, owaspYears } from '@secscan/api/values';

export function limitOf(ctx: HandlerContext, fallback: number, max: number): number {
  const raw = ctx.query.get('limit');
  if (raw === null || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > max) {
    throw new ReplyError(
      invalid('invalid query parameter limit', [`limit: expected an integer from 1 to ${max}`]),
    );
  }
  return n;
}

function scanOf(ctx: HandlerContext): ScanRecord {
  requireApp(ctx.state, ctx.params.appID as string);
  const scan = ctx.state.analysis.scans.find((s) => s.app === ctx.params.appID && s.id === ctx.params.scanID);
  if (!scan) throw new ReplyError(notFound(`app ${ctx.params.appID} has no scan ${ctx.params.scanID}`));
  return scan;
}

/** `key=value` scan tags; every one must match. */
function tagFilter(values: string[]): (scan: ScanRecord) => boolean {
  const pairs = values.map((v) => {
    const i = v.indexOf('=');
    if (i < 1)
      throw new ReplyError(invalid('invalid query parameter tags', [`tags: expected key=value, got ${v}`]));
    return [v.slice(0, i), v.slice(i + 1)] as const;
  });
  return (scan) => pairs.every(([k, v]) => scan.tags[k] === v);
}

export const scanHandlers = {
  ListScans: (ctx) => {
    requireApp(ctx.state, ctx.params.appID as string);
    const limit = limitOf(ctx, 10, 50);
    const keep = tagFilter([...ctx.query.getAll('tags'), ...ctx.query.getAll('tags[]')]);
    const scans = appScans(ctx.state, ctx.params.appID as string).filter(keep);
    return ok({ scans: scans.slice(0, limit).map((s) => apiScan(ctx.state, s)) });
  },

  ReadScan: (ctx) => ok([apiScan(ctx.state, scanOf(ctx))]),

  ScansCheckReport: (ctx) => {
    const scan = scanOf(ctx);
    const policy = ctx.state.checkPolicies.find((p) => p.name === 'default')?.versions.at(-1);
    if (!policy || scan.status !== 'completed') return ok([]);
    const rules = parsePolicy(policy.content);
    return ok([
      evaluateCheck(ctx.state, scan.app, {
        version: 2,
        meta: { kind: 'single' },
        target: { scan: Number(scan.id) },
        rules,
      }),
    ]);
  },

  ListScansCompare: (ctx) => {
    const appId = ctx.params.appID as string;
    requireApp(ctx.state, appId);
    const refs = (['source', 'target'] as const).map((name) => {
      const ref = ctx.query.get(name);
      if (!ref) throw new ReplyError(invalid(`missing query parameter ${name}`, [`${name}: required`]));
      if (!/^(scan\.\d+|tag\.\w+=.+)$/.test(ref)) {
        throw new ReplyError(
          invalid(`invalid query parameter ${name}`, [
            `${name}: expected scan.<number> or tag.<key>=<value>`,
          ]),
        );
      }
      const scan = resolveScanRef(ctx.state, appId, ref);
      if (!scan) throw new ReplyError(notFound(`${name}: app ${appId} has no scan matching ${ref}`));
      return scan;
    });
    return ok(compareScans(ctx.state, refs[0] as ScanRecord, refs[1] as ScanRecord));
  },

  CheckScans: (ctx) => ok(evaluateCheck(ctx.state, ctx.params.compoundName as string, ctx.body)),

  ReadAppScanFindingsOWASPGrouped: (ctx) => {
    const scan = scanOf(ctx);
    const out = Object.fromEntries(owaspYears.map((year) => [year, {}])) as Record<
      OwaspYear,
      Record<string, Record<string, number>>
    >;
    for (const f of findingsOf(ctx.state, scan.finding_ids)) {
      for (const year of owaspYears) {
        const key = owaspCategory(year, f) || 'uncategorized';
        const byYear = out[year];
        const byCategory = byYear[key] ?? {};
        byYear[key] = byCategory;
        byCategory[f.category] = (byCategory[f.category] ?? 0) + 1;
      }
    }
    return ok(out);
  },
} satisfies HandlerMap;
