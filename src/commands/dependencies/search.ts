import { operations } from '../../api/operations/index.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { defineView } from '../../output/view.js';
import type { Result, RunInput } from '../types.js';
import { parseInteger, parseWindow } from '../validate.js';

const maxPages = 20;

function tag(row: Record<string, unknown>, key: string): unknown {
  return (row.tags as { key: string; value: unknown }[] | undefined)?.find((t) => t.key === key)?.value;
}

export const view = defineView<Record<string, unknown>>({
  columns: [
    { key: 'app', header: 'APP' },
    { key: 'title', header: 'PACKAGE', max: 60 },
    { key: 'type', header: 'TYPE' },
    { key: 'license', header: 'LICENSE', get: (r) => tag(r, 'license') },
    { key: 'vulns', header: 'VULNS', get: (r) => tag(r, 'num_vulns') },
    { key: 'package_url', header: 'PURL', get: (r) => tag(r, 'package_url') },
    { key: 'id', header: 'ID' },
  ],
  defaults: ['app', 'title', 'type', 'license', 'vulns'],
  emptyMessage: 'No dependency matches.',
});

function plan(opts: RunInput['opts']) {
  return {
    ...parseWindow(opts),
    perPage: parseInteger('--per-page', opts.perPage, 1, 1000) ?? 250,
    limit: parseInteger('--limit', opts.limit, 1, 20_000),
  };
}

export function validate({ args, opts }: RunInput): void {
  if (!args[0]?.trim()) throw new UsageError('the search text must not be empty');
  plan(opts);
}

export async function run(ctx: Context, { args, opts }: RunInput): Promise<Result> {
  const p = plan(opts);
  const client = await ctx.client();
  async function* rows() {
    let count = 0;
    for (let page = 1; page <= maxPages; page++) {
      const items = await client.call<Record<string, unknown>[]>(operations.SearchDependency, {
        query: { search: args[0], page, per_page: p.perPage, from: p.from, until: p.until },
      });
      for (const item of items) {
        yield item;
        if (p.limit !== undefined && ++count >= p.limit) return;
      }
      if (items.length < p.perPage) return;
    }
    ctx.warn(
      `the service serves at most ${maxPages} pages of ${p.perPage}: more dependencies may match. Narrow --from/--until or the search text, or raise --per-page (up to 1000)`,
    );
  }
  return { kind: 'list', rows: rows() };
}
