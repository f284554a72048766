import { operations } from '../../api/operations/index.js';
import type { Compound } from '../../api/schemas/compounds.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { defineView } from '../../output/view.js';
import type { Result, RunInput } from '../types.js';
import { parseInteger } from '../validate.js';

export const view = defineView<Compound>({
  columns: [
    { key: 'name', header: 'NAME' },
    { key: 'id', header: 'ID' },
    { key: 'apps', header: 'APPS', get: (c) => appIds(c).join(', ') },
    { key: 'is_archived', header: 'ARCHIVED' },
  ],
  emptyMessage: 'No compounds.',
});

export function appIds(c: Compound): string[] {
  return Object.values(c.apps ?? {}).map((a) =>
    typeof a === 'string' ? a : String((a as { id?: unknown }).id ?? ''),
  );
}

export function validate({ opts }: RunInput): void {
  if (opts.archived && opts.all) throw new UsageError('--archived and --all cannot be combined');
  parseInteger('--limit', opts.limit, 1, 100_000);
}

export async function run(ctx: Context, { opts }: RunInput): Promise<Result> {
  const client = await ctx.client();
  const limit = parseInteger('--limit', opts.limit, 1, 100_000) ?? Number.POSITIVE_INFINITY;
  // ListOrgCompounds: archived=true lists archived compounds only, archived=false the others.
  const states = opts.all ? [false, true] : [Boolean(opts.archived)];
  async function* rows() {
    let count = 0;
    for (const archived of states) {
      for await (const page of client.pages<{ compounds: Compound[] }>(operations.ListOrgCompounds, {
        query: { archived, per_page: 100 },
      })) {
        for (const c of page.compounds) {
          if (count++ >= limit) return;
          yield { is_archived: archived, ...c };
        }
      }
    }
  }
  return { kind: 'list', rows: rows() };
}
