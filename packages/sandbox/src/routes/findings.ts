import type { PayloadOf, ResponseInputOf } from '@secscan/api/operations/schemas';
import type { FindingCounts, FindingsPage } from '@secscan/api/schemas/findings';
import type { Scan } from '@secscan/api/schemas/scans';
import { cachedQuery, findingsChanged, queryKey } from '../analysis/findings-cache.js';
import {
  appLevelFilters,
  compoundFilters,
  excludedFields,
  type Predicate,
  sortFindings,
  tagCounts,
  valueCounts,
} from '../analysis/findings-filter.js';
import {
  bool,
  completedScans,
  compoundByName,
  diffFindings,
  elementScans,
  findingsOfScans,
  findPolyglotScan,
  selectAppScan,
  toApiFinding,
} from '../analysis/findings-query.js';
import type { FindingRecord, FindingStatus, ScanRecord } from '../model/analysis.js';
import { findingsSummaries } from '../analysis/summaries.js';
import {
  type HandlerContext,
  type HandlerMap,
  invalid,
  notFound,
  ok,
  type Reply,
  ReplyError,
} from '../http.js';
import { paginate } from '../paging.js';
import { visibilityKey, visibleApps } from '../permissions.js';
import type { SandboxState } from '../state.js';

export function apiScan(s: ScanRecord): PayloadOf<typeof Scan> {
  return {
    id: s.id,
    app: s.app,
    version: s.version,
    successful: s.status === 'completed',
    is_default_branch: s.is_default_branch,
    started_at: s.started_at,
    ...(s.completed_at ? { completed_at: s.completed_at } : {}),
    language: s.language,
    number_of_expressions: s.number_of_expressions,
    tags: s.tags,
    oss_info: s.oss_info,
  };
}

const fieldsAllowed = ['-description', '-details', '-related_findings'];

function applyFilters(items: FindingRecord[], filters: Predicate[]): FindingRecord[] {
  return filters.length ? items.filter((f) => filters.every((p) => p(f))) : [...items];
}

/** ListAppFindings and the deprecated compound list share the app-level parameters. */
function appLevelList(
  ctx: HandlerContext,
  scope: () => { scan: ScanRecord | undefined; items: FindingRecord[] },
): Reply<ResponseInputOf<'ListAppFindings' | 'ListCompoundFindingsDEPRECATED'>> {
  const { query } = ctx;
  const exclude = excludedFields(query, 'fields', fieldsAllowed);
  const entry = cachedQuery<ListExtra>(ctx.state, queryKey(ctx.op.id, ctx.params, query), () => {
    const { scan, items } = scope();
    const filtered = sortFindings(applyFilters(items, appLevelFilters(query)), query, {
      sort: 'sort',
      order: 'order',
      givenDefault: 'desc',
    });
    // No scan matched the selector: 200 with neither a scan nor findings (clients say "no scans found").
    if (!scan) return { items: [], extra: {} };
    return { items: filtered, extra: { scan: apiScan(scan), ...countsOf(tagCounts(filtered)) } };
  });
  const onlyCounts = bool(query, 'only_counts');
  const page = paginate(ctx, entry.items, { defaultPerPage: 50, maxPerPage: 250 });
  // The findings key is always there (an empty page is `[]`), but for only_counts: the counts' shape.
  if (onlyCounts) return ok<PayloadOf<typeof FindingCounts>>({ has_more: false, ...entry.extra });
  const findings = page.items.map((f) => toApiFinding(f, exclude));
  return ok({ has_more: page.hasMore, ...entry.extra, findings }, { nextPage: page.nextPage });
}

/** What the app and org listings answer beside their findings: the scan listed, the tag counts. */
type ListExtra = Pick<PayloadOf<typeof FindingsPage>, 'scan' | 'counts'>;

/** `counts` is left out, not `[]`, when no finding matches (as the vendor document says). */
function countsOf<T>(counts: T[]): { counts?: T[] } {
  return counts.length ? { counts } : {};
}

function appScope(ctx: HandlerContext) {
  const scan = selectAppScan(ctx.state, ctx.params.appID as string, ctx.query);
  if (!scan) return { scan, items: [] };
  return { scan, items: diffFindings(ctx.state, scan, ctx.query) ?? findingsOfScans(ctx.state, [scan]) };
}

/** The latest completed default-branch scan of every app (the org-wide list and summary). */
export function latestDefaultScans(state: SandboxState, tags: readonly string[] = []): ScanRecord[] {
  return state.apps.flatMap((app) => {
    const scan = completedScans(state, app.id).find(
      (s) =>
        s.branch === app.base_branch &&
        tags.every((kv) => {
          const i = kv.indexOf('=');
          return i > 0 && s.tags[kv.slice(0, i)] === kv.slice(i + 1);
        }),
    );
    return scan ? [scan] : [];
  });
}

const statusOf: Record<string, FindingStatus> = {
  fixed: 'fixed',
  codeviolationfixed: 'fixed',
  ignore: 'ignored',
  codeviolationignore: 'ignored',
  codeviolationremovestatus: 'unset',
};

function appFinding(state: SandboxState, app: string, id: string): FindingRecord {
  if (!state.apps.some((a) => a.id === app)) throw new ReplyError(notFound(`no app has the id ${app}`));
  const finding = state.analysis.findings.find((f) => f.id === id && f.app === app);
  if (!finding) throw new ReplyError(notFound(`app ${app} has no finding ${id}`));
  return finding;
}

function bulkFindings(state: SandboxState, app: string, ids: readonly number[]): FindingRecord[] {
  if (!state.apps.some((a) => a.id === app)) throw new ReplyError(notFound(`no app has the id ${app}`));
  const byId = new Map(state.analysis.findings.filter((f) => f.app === app).map((f) => [f.id, f]));
  const unknown = ids.filter((id) => !byId.has(String(id)));
  if (unknown.length) {
    throw new ReplyError(notFound(`app ${app} has no finding ${unknown.join(', ')}`));
  }
  return ids.map((id) => byId.get(String(id)) as FindingRecord);
}

/** Api-v4: each status change also creates a comment, carrying `optional_comment` when given. */
function setStatus(
  ctx: HandlerContext,
  finding: FindingRecord,
  update: string | undefined,
  text?: string,
): void {
  const { state, caller } = ctx;
  const next = statusOf[update ?? ''] ?? 'unset';
  const previous = finding.status;
  finding.status = next;
  state.analysis.comments.push({
    id: String(state.analysis.next.comment++),
    app_id: finding.app,
    finding_id: finding.id,
    created_at: new Date().toISOString(),
    owner: { email: caller.user.email, name: caller.user.name },
    comment: text?.trim() ? text : `Status changed from ${previous} to ${next}.`,
  });
}

const emailish = /^[^\s@]+@[^\s@]+$/;

function checkAssignee(assignee: string): void {
  if (assignee !== '' && !emailish.test(assignee)) {
    throw new ReplyError(invalid('invalid request body', ['assignee: expected an e-mail address']));
  }
}

export const findingHandlers = {
  ListAppFindings: (ctx) => appLevelList(ctx, () => appScope(ctx)),

  ListCompoundFindingsDEPRECATED: (ctx) =>
    appLevelList(ctx, () => {
      const compound = compoundByName(ctx.state, ctx.params.compoundName as string);
      const polyglot = findPolyglotScan(ctx.state, compound.id, ctx.query, {
        id: 'scan',
        version: 'version',
        branch: '',
        tag: '',
      });
      if (!polyglot) return { scan: undefined, items: [] };
      const scans = elementScans(ctx.state, polyglot, new URLSearchParams());
      if (!ctx.query.get('diff') && !ctx.query.get('source')) {
        return { scan: scans[0] as ScanRecord, items: findingsOfScans(ctx.state, scans) };
      }
      // A source scan names one app's scan: the other element scans compare with their previous scan.
      const source = ctx.query.get('source') ?? '';
      const items = scans.flatMap((scan) => {
        const own = source.startsWith('scan.')
          ? ctx.state.analysis.scans.some((x) => x.id === source.slice(5) && x.app === scan.app)
          : true;
        const q = new URLSearchParams(ctx.query);
        if (!own) q.delete('source');
        try {
          return diffFindings(ctx.state, scan, q) ?? [];
        } catch {
          return [];
        }
      });
      return { scan: scans[0] as ScanRecord, items };
    }),

  ListCompoundFindings: (ctx) => {
    const { state, query } = ctx;
    const compound = compoundByName(state, ctx.params.compoundName as string);
    const exclude = excludedFields(query, 'finding_fields', ['-description']);
    const visible = visibleApps(state, ctx.caller);
    const key = queryKey(ctx.op.id, { ...ctx.params, ...visibilityKey(visible) }, query);
    const entry = cachedQuery(state, key, () => {
      const polyglot = findPolyglotScan(state, compound.id, query);
      const filters = compoundFilters(query);
      // No compound scan matched the selector: 200 with no scan, no findings and no counts.
      if (!polyglot) return { items: [], extra: { total_count: 0 } };
      const scans = elementScans(state, polyglot, query);
      const seen = findingsOfScans(state, scans).filter((f) => !visible || visible.has(f.app));
      const filtered = sortFindings(applyFilters(seen, filters), query, {
        sort: 'finding_sort',
        order: 'finding_order',
        givenDefault: 'asc',
      });
      const counts = valueCounts(filtered, query);
      return {
        items: filtered,
        extra: {
          polyglot_scan: {
            compound_id: compound.id,
            polyglot_scan_id: polyglot.id,
            scans: scans.map(apiScan),
          },
          total_count: filtered.length,
          ...(counts.length ? { counts } : {}),
        },
      };
    });
    const page = paginate(ctx, entry.items, { defaultPerPage: 50, maxPerPage: 250 });
    return ok(
      { has_more: page.hasMore, findings: page.items.map((f) => toApiFinding(f, exclude)), ...entry.extra },
      { nextPage: page.nextPage },
    );
  },

  ListOrgFindings: (ctx) => {
    const { state, query } = ctx;
    const visible = visibleApps(state, ctx.caller);
    const key = queryKey(ctx.op.id, { ...ctx.params, ...visibilityKey(visible) }, query);
    const entry = cachedQuery<ListExtra>(state, key, () => {
      const scans = latestDefaultScans(state, query.getAll('tags').filter(Boolean)).filter(
        (s) => !visible || visible.has(s.app),
      );
      const filtered = sortFindings(
        applyFilters(findingsOfScans(state, scans), appLevelFilters(query)),
        query,
        {
          sort: 'sort',
          order: 'order',
          givenDefault: 'desc',
        },
      );
      return { items: filtered, extra: countsOf(tagCounts(filtered)) };
    });
    const onlyCounts = bool(query, 'only_counts');
    const page = paginate(ctx, entry.items, { defaultPerPage: 50, maxPerPage: 250 });
    if (onlyCounts) return ok<PayloadOf<typeof FindingCounts>>({ has_more: false, ...entry.extra });
    const findings = page.items.map((f) => toApiFinding(f));
    return ok({ has_more: page.hasMore, ...entry.extra, findings }, { nextPage: page.nextPage });
  },

  ReadOrgFindingsSummary: ({ state, query }) => {
    const types = query
      .getAll('type')
      .flatMap((v) => v.split(','))
      .filter(Boolean);
    const defaultBranch = bool(query, 'default_branch') ?? false;
    const tags = [...query.getAll('tags'), ...query.getAll('tags[]')].filter(Boolean);
    const scans = state.apps.flatMap((app) => {
      const scan = defaultBranch
        ? latestDefaultScans(state, tags).find((s) => s.app === app.id)
        : completedScans(state, app.id).find((s) =>
            tags.every((kv) => s.tags[kv.split('=')[0] as string] === kv.split('=').slice(1).join('=')),
          );
      return scan ? [scan] : [];
    });
    const pick = (list: FindingRecord[]) =>
      types.length ? list.filter((f) => types.includes(f.type)) : list;
    const all = pick(findingsOfScans(state, scans));
    return ok({
      findings_summaries: findingsSummaries(all),
      apps: scans.map((scan) => ({
        app: scan.app,
        findings_summaries: findingsSummaries(pick(findingsOfScans(state, [scan]))),
        scan: apiScan(scan),
      })),
    });
  },

  ReadAppFinding: ({ state, params }) =>
    ok(toApiFinding(appFinding(state, params.appID as string, params.findingID as string))),

  SetAppFindingStatus: (ctx) => {
    const body = ctx.body;
    const finding = appFinding(ctx.state, ctx.params.appID as string, ctx.params.findingID as string);
    setStatus(ctx, finding, body?.status, body?.optional_comment);
    findingsChanged(ctx.state);
    ctx.save();
    return ok();
  },

  SetAppMultipleFindingsStatus: (ctx) => {
    const body = ctx.body;
    for (const finding of bulkFindings(ctx.state, ctx.params.appID as string, body.findings)) {
      setStatus(ctx, finding, body.status);
    }
    findingsChanged(ctx.state);
    ctx.save();
    return ok();
  },

  SetAppFindingAssignee: (ctx) => {
    const body = ctx.body;
    checkAssignee(body.assignee);
    const finding = appFinding(ctx.state, ctx.params.appID as string, ctx.params.findingID as string);
    if (body.assignee) finding.assignee = body.assignee;
    else delete finding.assignee;
    findingsChanged(ctx.state);
    ctx.save();
    return ok();
  },

  SetAppMultipleFindingsAssignee: (ctx) => {
    const body = ctx.body;
    checkAssignee(body.assignee);
    for (const finding of bulkFindings(ctx.state, ctx.params.appID as string, body.findings)) {
      if (body.assignee) finding.assignee = body.assignee;
      else delete finding.assignee;
    }
    findingsChanged(ctx.state);
    ctx.save();
    return ok();
  },
} satisfies HandlerMap;
