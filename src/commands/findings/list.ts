import { operations } from '../../api/operations/index.js';
import type { Finding } from '../../api/schemas/findings.js';
import type { Context } from '../../context.js';
import type { Result, RunInput } from '../types.js';
import { type ListPlan, planList } from './query.js';
import { findingView } from './view.js';

export const view = findingView;

export function validate({ opts }: RunInput): void {
  planList(opts);
}

interface PageInfo {
  shown: number;
  total: number | undefined;
  more: boolean;
}

/** Findings as pages arrive, following next_page; stops requesting once `--limit` is reached. */
async function* stream(
  ctx: Context,
  plan: ListPlan,
  opts: RunInput['opts'],
  info: PageInfo,
): AsyncGenerator<Finding> {
  const client = await ctx.client();
  const op =
    plan.level === 'app'
      ? operations.ListAppFindings
      : plan.level === 'org'
        ? operations.ListOrgFindings
        : plan.deprecated
          ? operations.ListCompoundFindingsDEPRECATED
          : operations.ListCompoundFindings;
  if (plan.deprecated) ctx.note('note: --diff with --compound uses the deprecated compound findings list');
  const path =
    plan.level === 'app'
      ? { appID: opts.app }
      : plan.level === 'compound'
        ? { compoundName: opts.compound }
        : {};
  const needles = plan.search.map((s) => s.toLocaleLowerCase());
  for await (const page of client.pages<{ findings?: Finding[]; has_more?: boolean; total_count?: number }>(
    op,
    {
      path,
      query: plan.query,
    },
  )) {
    info.total = page.total_count;
    info.more = Boolean(page.has_more);
    for (const finding of page.findings ?? []) {
      if (needles.length) {
        const text = `${finding.title ?? ''}\n${finding.description ?? ''}`.toLocaleLowerCase();
        if (!needles.every((n) => text.includes(n))) continue;
      }
      yield finding;
      info.shown++;
      if (plan.limit !== undefined && info.shown >= plan.limit) {
        info.more = info.more || false;
        return;
      }
    }
    if (!plan.all && plan.limit === undefined) return;
  }
}

export async function run(ctx: Context, { opts }: RunInput): Promise<Result> {
  const plan = planList(opts);
  const info: PageInfo = { shown: 0, total: undefined, more: false };
  const rows = stream(ctx, plan, opts, info);
  if (ctx.format === 'sarif') {
    const { writeSarif } = await import('../../output/sarif.js');
    return {
      kind: 'custom',
      render: async (out) => void (await writeSarif(out, rows, { toolVersion: ctx.version })),
    };
  }
  return {
    kind: 'list',
    rows: rows as AsyncIterable<Record<string, unknown>>,
    footer: (count) => {
      if (info.total !== undefined && info.total > count)
        return `${count} of ${info.total} findings (--all for every page)`;
      if (info.total === undefined && info.more)
        return `${count} findings shown; more exist (--all, or --limit N)`;
      return undefined;
    },
  };
}
