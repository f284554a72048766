import { operations } from '../../api/operations/index.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { defineView } from '../../output/view.js';
import type { Result, RunInput } from '../types.js';
import { parseDuration, parseInteger } from '../validate.js';

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

/** A date or ISO time, or a duration ago (`30d`), as Unix seconds. */
export function parseWhen(flag: string, value: string, now = Date.now()): number {
  if (/^\d{4}-\d{2}-\d{2}/.test(value)) {
    const ms = Date.parse(value);
    if (Number.isNaN(ms))
      throw new UsageError(
        `invalid value for ${flag}: ${JSON.stringify(value)} (expected a date such as 2025-01-31)`,
      );
    return Math.floor(ms / 1000);
  }
  try {
    return Math.floor(now / 1000) - parseDuration(flag, value);
  } catch {
    throw new UsageError(
      `invalid value for ${flag}: ${JSON.stringify(value)} (expected a date such as 2025-01-31 or a duration such as 30d)`,
    );
  }
}

function plan(opts: RunInput['opts']) {
  const from = opts.from === undefined ? undefined : parseWhen('--from', opts.from);
  const until = opts.until === undefined ? undefined : parseWhen('--until', opts.until);
  if (from !== undefined && until !== undefined && from > until)
    throw new UsageError('--from must be before --until');
  return {
    from,
    until,
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
