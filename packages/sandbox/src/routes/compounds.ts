import type { CompoundRecord, PolyglotScanRecord } from '../model/analysis.js';
import { compoundSarif } from '../analysis/sarif-report.js';
import { findingsOf, findingsSummaries, scanInfo, severityCounts } from '../analysis/shape.js';
import { type HandlerContext, type HandlerMap, notFound, ok, ReplyError, text, unread } from '../http.js';
import { paginate } from '../paging.js';
import { limitOf } from './scans.js';

function byName(ctx: HandlerContext): CompoundRecord {
  const name = ctx.params.compoundName as string;
  const includeArchived = ctx.query.has('archived') && ctx.query.get('archived') !== 'false';
  const compound = ctx.state.analysis.compounds.find((c) => c.name === name);
  if (!compound || (compound.archived && !includeArchived && ctx.op.method === 'GET')) {
    throw new ReplyError(
      notFound(`no compound is named ${name}${compound ? ' (it is archived: pass archived=true)' : ''}`),
    );
  }
  return compound;
}

function byId(ctx: HandlerContext): CompoundRecord {
  const compound = ctx.state.analysis.compounds.find((c) => c.id === ctx.params.compoundID);
  if (!compound) throw new ReplyError(notFound(`no compound has the id ${ctx.params.compoundID}`));
  return compound;
}

const shallow = (c: CompoundRecord) => ({ id: c.id, name: c.name, apps: c.app_ids, is_archived: c.archived });

function full(ctx: HandlerContext, c: CompoundRecord) {
  const apps: Record<string, unknown> = {};
  c.app_ids.forEach((id, i) => {
    const app = ctx.state.apps.find((a) => a.id === id);
    const config = ctx.state.configuration.apps[id] ?? {};
    apps[String(i + 1)] = {
      id,
      name: app?.name ?? id,
      can_delete: true,
      is_subscription_active: true,
      configuration: {
        analysis_configuration: { secrets: config.secrets ?? {}, cpg2sp: config.cpg2sp ?? {} },
      },
      avg_scan_duration_ms: 420_000 + i * 60_000,
      compound: c.id,
    };
  });
  return { id: c.id, name: c.name, apps, is_archived: c.archived };
}

function polyglots(ctx: HandlerContext, c: CompoundRecord): PolyglotScanRecord[] {
  return ctx.state.analysis.polyglotScans
    .filter((p) => p.compound_id === c.id)
    .sort((a, b) => b.started_at.localeCompare(a.started_at) || b.id - a.id);
}

function memberScans(ctx: HandlerContext, p: PolyglotScanRecord) {
  return ctx.state.analysis.scans.filter((s) => p.scan_ids.includes(s.id));
}

function polyglotFindings(ctx: HandlerContext, p: PolyglotScanRecord) {
  return findingsOf(ctx.state, [...new Set(memberScans(ctx, p).flatMap((s) => s.finding_ids))]);
}

/** A compound scan in the Scan shape: its id is the polyglot scan id. */
function compoundScanRow(ctx: HandlerContext, c: CompoundRecord, p: PolyglotScanRecord) {
  const members = memberScans(ctx, p);
  const findings = polyglotFindings(ctx, p);
  const first = ctx.state.apps.find((a) => a.id === c.app_ids[0]);
  return {
    id: String(p.id),
    app: c.name,
    version: p.version,
    successful: p.status === 'completed',
    status: p.status,
    branch: p.branch,
    is_default_branch: p.branch === (first?.base_branch ?? 'main'),
    started_at: p.started_at,
    ...(p.completed_at ? { completed_at: p.completed_at } : {}),
    language: [...new Set(members.map((m) => m.language))].join(','),
    tags: p.tags,
    app_scans: members.map((m) => ({ app: m.app, id: m.id })),
    total: findings.length,
  };
}

function polyglotOf(ctx: HandlerContext, c: CompoundRecord, id: string | null | undefined) {
  const list = polyglots(ctx, c);
  const found = id ? list.find((p) => String(p.id) === id) : list.find((p) => p.status === 'completed');
  if (!found) throw new ReplyError(notFound(`compound ${c.name} has no scan ${id ?? ''}`.trim()));
  return found;
}

export const compoundHandlers = {
  ListOrgCompounds: (ctx) => {
    const archived = ctx.query.get('archived');
    const list = ctx.state.analysis.compounds.filter((c) =>
      archived === 'true' ? c.archived : archived === 'false' ? !c.archived : true,
    );
    const page = paginate(ctx, list, { defaultPerPage: 20, maxPerPage: 100 });
    return ok(
      { compounds: page.items.map((c) => full(ctx, c)) },
      page.nextPage ? { nextPage: page.nextPage } : {},
    );
  },
  DeleteCompound: (ctx) => {
    const compound = byId(ctx);
    const all = ctx.state.analysis;
    all.compounds = all.compounds.filter((c) => c !== compound);
    all.polyglotScans = all.polyglotScans.filter((p) => p.compound_id !== compound.id);
    ctx.save();
    return ok();
  },
  ReadCompoundShallowByID: (ctx) => ok(shallow(byId(ctx))),
  ReadCompoundShallow: (ctx) => ok(shallow(byId(ctx))),
  ReadCompoundShallowByName: (ctx) => ok(shallow(byName(ctx))),
  ReadCompoundFull: (ctx) => ok(full(ctx, byId(ctx))),
  ToggleCompoundArchive: (ctx) => {
    const compound = byName(ctx);
    compound.archived = ctx.body.is_archived;
    ctx.save();
    return ok();
  },
  CompoundBranches: (ctx) => {
    const compound = byName(ctx);
    return ok({ branches: [...new Set(polyglots(ctx, compound).map((p) => p.branch))].sort() });
  },
  ListScansInCompound: (ctx) => {
    const compound = byName(ctx);
    const limit = limitOf(ctx, 10, 100);
    const status = ctx.query.get('status');
    const branch = ctx.query.get('branch');
    const list = polyglots(ctx, compound).filter(
      (p) => (!status || p.status === status) && (!branch || p.branch === branch),
    );
    return ok({ scans: list.slice(0, limit).map((p) => compoundScanRow(ctx, compound, p)) });
  },
  ReadCompoundScan: (ctx) => {
    const compound = byName(ctx);
    const p = polyglotOf(ctx, compound, ctx.params.scanID);
    const findings = polyglotFindings(ctx, p);
    return ok({
      compound_id: compound.id,
      polyglot_scan_id: p.id,
      ...unread({ branch: p.branch, status: p.status }),
      scans: memberScans(ctx, p).map(scanInfo),
      findings_summaries: findingsSummaries(findings),
      counts: severityCounts(findings),
    });
  },
  GetStreamlinedScans: (ctx) => {
    const compound = byName(ctx);
    const limit = limitOf(ctx, 10, 100);
    const branch = ctx.query.get('branch');
    const list = polyglots(ctx, compound).filter((p) => !branch || p.branch === branch);
    const count = (fs: ReturnType<typeof polyglotFindings>, withUnreachable: boolean) => ({
      critical: fs.filter((f) => f.severity === 'critical').length,
      high: fs.filter((f) => f.severity === 'high').length,
      medium: fs.filter((f) => f.severity === 'medium').length,
      low: fs.filter((f) => f.severity === 'low').length,
      ...(withUnreachable ? { unreachable: fs.filter((f) => !f.reachable).length } : {}),
    });
    return ok({
      agents: ['cli'],
      scans: list.slice(0, limit).map((p) => {
        const fs = polyglotFindings(ctx, p);
        return {
          polyglot_scan_id: p.id,
          created_at: p.started_at,
          agent: 'cli',
          branch: p.branch,
          languages: [...new Set(memberScans(ctx, p).map((m) => m.language))],
          vulns: count(
            fs.filter((f) => f.type === 'vuln'),
            false,
          ),
          oss_vulns: count(
            fs.filter((f) => f.type === 'oss_vuln'),
            true,
          ),
          container_vulns: count(
            fs.filter((f) => f.type === 'container'),
            true,
          ),
          secrets: fs.filter((f) => f.type === 'secret').length,
          ...(p.status === 'failed' ? { failures: ['one or more app scans failed'] } : {}),
        };
      }),
    });
  },
  DownloadSarifReport: (ctx) => {
    const compound = byName(ctx);
    const q = ctx.query;
    let p: PolyglotScanRecord | undefined;
    if (q.get('polyglot_scan')) p = polyglotOf(ctx, compound, q.get('polyglot_scan'));
    else {
      const version = q.get('scan_version');
      const branch = q.get('scan_branch');
      const tag = /^(.*?)__eq__(.*)$/.exec(q.get('scan_tag') ?? '');
      p = polyglots(ctx, compound).find(
        (s) =>
          s.status === 'completed' &&
          (!version || s.version === version) &&
          (!branch || s.branch === branch) &&
          (!tag || s.tags[tag[1] as string] === tag[2]),
      );
      if (!p)
        throw new ReplyError(
          notFound(`compound ${compound.name} has no completed scan matching the selectors`),
        );
    }
    const language = q.get('scan_language') ?? q.get('scan_platform');
    const findings = polyglotFindings(ctx, p).filter(
      (f) => !language || memberScans(ctx, p).some((m) => m.app === f.app && m.language === language),
    );
    return text(
      JSON.stringify(compoundSarif(compound.name, p.id, findings), null, 2),
      'application/sarif+json',
    );
  },
  getFixesPerCompoundStats: (ctx) =>
    ok({
      organization_id: ctx.state.org.id,
      stats: ctx.state.analysis.compounds.map((c) => {
        const latest = polyglots(ctx, c).find((p) => p.status === 'completed');
        const fixes = latest
          ? polyglotFindings(ctx, latest).filter((f) => f.has_ai_fix && f.status === 'unset')
          : [];
        return { compound_name: c.name, fix_count: fixes.length };
      }),
    }),
} satisfies HandlerMap;
