import type { ApiClient } from '../api/client.js';
import type { Finding } from '@secscan/api/schemas/findings';
import { searchMatcher } from '@secscan/api/search';
import type { QueryOf } from '@secscan/api/operations/schemas';
import type { EngineContext } from '../factory.js';

type CompoundQuery = QueryOf<'ListCompoundFindings'>;
/** The app list's query; the organization list's is a part of it (the rest stays undefined there). */
type ScanQuery = QueryOf<'ListAppFindings'>;

/** Which findings a listing reads: of an app, a compound or the organization, by a query (`findings list`'s flags, mapped by planList). */
export type ListPlan = (
  | { level: 'app'; app: string; deprecated: false }
  /** The deprecated compound list serves `--source`/`--diff` for compounds. */
  | { level: 'compound'; compound: string; deprecated: boolean }
  | { level: 'org'; deprecated: false }
) & {
  /** The query of the level's operation, with its own parameter names. */
  query: CompoundQuery | ScanQuery;
  /** A client-side filter (`--search` at app and organization level, where the service has none). */
  search: string[];
  limit: number | undefined;
  all: boolean;
};

export interface PageInfo {
  shown: number;
  total: number | undefined;
  more: boolean;
  /** The listing stopped at --limit (or after the one page asked for) while the service had more. */
  cut?: boolean;
}

interface FindingsPage {
  findings: Finding[];
  more: boolean;
  total: number | undefined;
}

/**
 * The pages of the level's operation, in one shape (only the compound list counts the total). With --limit
 * (and no --search, which drops rows here), the pages it can need: none past them is asked for ahead.
 */
async function* pagesOf(client: ApiClient, plan: ListPlan): AsyncGenerator<FindingsPage> {
  const { query } = plan;
  const perPage = typeof query.per_page === 'number' ? query.per_page : 50;
  const pageLimit =
    plan.limit !== undefined && plan.search.length === 0 ? Math.ceil(plan.limit / perPage) : undefined;
  if (plan.level === 'compound' && !plan.deprecated) {
    const path = { compoundName: plan.compound };
    for await (const page of client.pages('ListCompoundFindings', { path, query, pageLimit })) {
      yield { findings: page.findings, more: Boolean(page.has_more), total: page.total_count };
    }
    return;
  }
  const pages =
    plan.level === 'app'
      ? client.pages('ListAppFindings', { path: { appID: plan.app }, query, pageLimit })
      : plan.level === 'compound'
        ? client.pages('ListCompoundFindingsDEPRECATED', {
            path: { compoundName: plan.compound },
            query,
            pageLimit,
          })
        : client.pages('ListOrgFindings', { query, pageLimit });
  for await (const page of pages) {
    yield { findings: page.findings, more: Boolean(page.has_more), total: undefined };
  }
}

/**
 * Findings as pages arrive, following next_page; stops requesting once `--limit` is reached. `each` may
 * stand a finding in for each listed one (one marked suppressed), or leave it out (undefined: not counted).
 */
export async function* findingsOf(
  ctx: Pick<EngineContext, 'client' | 'note'>,
  plan: ListPlan,
  info: PageInfo,
  each: (finding: Finding) => Finding | undefined = (finding) => finding,
): AsyncGenerator<Finding> {
  const client = await ctx.client();
  if (plan.deprecated) ctx.note('note: --diff with --compound uses the deprecated compound findings list');
  // The service's own `search` matching (case folded, in the title, the description or a tag value), where no
  // parameter carries it.
  const matches = searchMatcher(plan.search);
  for await (const page of pagesOf(client, plan)) {
    info.total = page.total;
    info.more = page.more;
    for (const [i, listed] of page.findings.entries()) {
      if (!matches(listed)) continue;
      const finding = each(listed);
      if (finding === undefined) continue;
      yield finding;
      info.shown++;
      if (plan.limit !== undefined && info.shown >= plan.limit) {
        const rest = page.findings.slice(i + 1);
        info.cut = page.more || rest.some((f) => matches(f) && each(f) !== undefined);
        return;
      }
    }
    if (!plan.all && plan.limit === undefined) {
      info.cut = page.more;
      return;
    }
  }
}
