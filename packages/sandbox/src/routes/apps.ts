import type { ResponseInputOf } from '@secscan/api/operations/schemas';
import type { z } from 'zod';
import { type AppSpec, appIdPattern } from '@secscan/api/schemas/apps';
import type { AppConfigRecord } from '../model/projects.js';
import { appScans, requireApp } from '../analysis/shape.js';
import { type HandlerContext, type HandlerMap, invalid, ok, type Reply, ReplyError } from '../http.js';
import { visibleApps } from '../permissions.js';
import type { AppRecord, SandboxState } from '../state.js';

function appOf(ctx: HandlerContext): AppRecord {
  return requireApp(ctx.state, ctx.params.appID as string);
}

function listed(state: SandboxState, app: AppRecord) {
  const compound = state.analysis.compounds.find((c) => c.app_ids.includes(app.id));
  return {
    id: app.id,
    name: app.name,
    tags: app.tags,
    ...(app.team_id ? { team_id: app.team_id } : {}),
    base_branch: app.base_branch,
    labels: app.labels ?? [],
    ...(compound ? { compound: compound.id } : {}),
  };
}

function appConfig(state: SandboxState, app: AppRecord) {
  const config = state.configuration.apps[app.id] ?? {};
  return { default_branch: app.base_branch, analysis_configuration: config };
}

/** Organization, then team, then app: each level overrides the fields it sets. */
function mergedConfig(state: SandboxState, app: AppRecord) {
  const own = state.configuration.apps[app.id] ?? {};
  const team = app.team_id ? state.configuration.teams[app.team_id] : undefined;
  const secrets = { ...state.configuration.org.secrets, ...team?.secrets, ...own.secrets };
  return {
    default_branch: app.base_branch,
    analysis_configuration: { secrets, ...(own.cpg2sp ? { cpg2sp: own.cpg2sp } : {}) },
  };
}

function applyConfig(
  ctx: HandlerContext<'UpdateAppConfig' | 'PatchAppConfig'>,
  replace: boolean,
): Reply<ResponseInputOf<'UpdateAppConfig' | 'PatchAppConfig'>> {
  const app = appOf(ctx);
  const body = ctx.body;
  if (body.default_branch) app.base_branch = body.default_branch;
  const incoming = body.analysis_configuration;
  if (replace) ctx.state.configuration.apps[app.id] = (incoming ?? {}) as AppConfigRecord;
  else if (incoming) {
    const current = ctx.state.configuration.apps[app.id] ?? {};
    ctx.state.configuration.apps[app.id] = {
      ...current,
      ...(incoming.secrets ? { secrets: { ...current.secrets, ...incoming.secrets } } : {}),
      ...(incoming.cpg2sp ? { cpg2sp: { ...current.cpg2sp, ...incoming.cpg2sp } } : {}),
    };
  }
  ctx.save();
  return ok({ default_branch: app.base_branch });
}

function unixSeconds(ctx: HandlerContext, name: 'from' | 'until', fallback: number): number {
  const raw = ctx.query.get(name);
  if (raw === null || raw === '') return fallback;
  if (!/^\d+$/.test(raw))
    throw new ReplyError(invalid(`invalid query parameter ${name}`, [`${name}: expected Unix seconds`]));
  return Number(raw);
}

export const appHandlers = {
  ListApps: ({ state, caller }) => {
    const visible = visibleApps(state, caller);
    return ok(state.apps.filter((app) => !visible || visible.has(app.id)).map((app) => listed(state, app)));
  },

  CreateApp: (ctx) => {
    const specs = ctx.body;
    const created: z.output<typeof AppSpec>[] = [];
    const rejected_ids: string[] = [];
    const rejected_team_ids: string[] = [];
    for (const spec of specs) {
      if (!appIdPattern.test(spec.id) || ctx.state.apps.some((a) => a.id === spec.id)) {
        rejected_ids.push(spec.id);
        continue;
      }
      if (spec.team_id && !ctx.state.rbac.teams.some((t) => t.team_id === spec.team_id)) {
        rejected_team_ids.push(spec.team_id);
        continue;
      }
      const app: AppRecord = {
        id: spec.id,
        name: spec.name ?? spec.id,
        tags: [],
        ...(spec.team_id ? { team_id: spec.team_id } : {}),
        base_branch: spec.base_branch ?? 'main',
        labels: [],
      };
      ctx.state.apps.push(app);
      created.push({
        id: app.id,
        name: app.name,
        base_branch: app.base_branch,
        ...(app.team_id ? { team_id: app.team_id } : {}),
      });
    }
    if (created.length) ctx.save();
    return ok({ apps: created, rejected_ids, rejected_team_ids });
  },

  ReadApp: (ctx) => ok(listed(ctx.state, appOf(ctx))),

  DeleteApp: (ctx) => {
    const app = appOf(ctx);
    const { state } = ctx;
    state.apps = state.apps.filter((a) => a !== app);
    delete state.configuration.apps[app.id];
    for (const c of state.analysis.compounds) c.app_ids = c.app_ids.filter((id) => id !== app.id);
    for (const g of state.appGroups) g.app_ids = g.app_ids.filter((id) => id !== app.id);
    ctx.save();
    return ok();
  },

  UpdateAppLabels: (ctx) => {
    const app = appOf(ctx);
    const body = ctx.body;
    let labels = body.clear ? [] : [...(app.labels ?? [])];
    const remove = new Set(body.remove ?? []);
    labels = [...new Set([...labels.filter((l) => !remove.has(l)), ...(body.add ?? [])])];
    app.labels = labels;
    ctx.save();
    return ok(labels);
  },

  ListAppsBranches: (ctx) => {
    const now = Math.floor(Date.now() / 1000);
    const until = unixSeconds(ctx, 'until', now);
    const from = unixSeconds(ctx, 'from', until - 7 * 86_400);
    const only = ctx.query.get('app');
    const visible = visibleApps(ctx.state, ctx.caller);
    const apps = ctx.state.apps.filter((a) => (!only || a.id === only) && (!visible || visible.has(a.id)));
    return ok(
      apps.map((app) => {
        const scans = appScans(ctx.state, app.id).filter((s) => {
          const t = Date.parse(s.started_at) / 1000;
          return t >= from && t <= until;
        });
        return {
          id: app.id,
          name: app.name,
          default_branch: app.base_branch,
          branches: [...new Set(scans.map((s) => s.branch))].sort(),
          languages: [...new Set(scans.map((s) => s.language))],
        };
      }),
    );
  },

  // ListAppBranches: the document describes one object; the sandbox lists one per branch.
  ListAppBranches: (ctx) => {
    const app = appOf(ctx);
    const scans = appScans(ctx.state, app.id).reverse();
    const branches = [...new Set(scans.map((s) => s.branch))];
    return ok(
      branches.map((branch) => {
        const of = scans.filter((s) => s.branch === branch);
        const first = of[0];
        const last = of.at(-1);
        return {
          branch_name: branch,
          created_at: first?.started_at,
          updated_at: last?.completed_at ?? last?.started_at,
          scan_count: of.length,
          first_scan: Number(first?.id),
          last_scan: Number(last?.id),
        };
      }),
    );
  },

  ReadAppConfig: (ctx) => ok(appConfig(ctx.state, appOf(ctx))),
  UpdateAppConfig: (ctx) => applyConfig(ctx, true),
  PatchAppConfig: (ctx) => applyConfig(ctx, false),
  UpdateAppDefaultBranch: (ctx) => {
    const app = appOf(ctx);
    app.base_branch = ctx.body.default_branch;
    ctx.save();
    return ok({ default_branch: app.base_branch });
  },
  ReadMergedAppConfig: (ctx) => ok(mergedConfig(ctx.state, appOf(ctx))),
} satisfies HandlerMap;
