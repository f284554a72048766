import { defaultBaseUrl } from '../../config/settings.js';
import type { Context } from '../../context.js';
import { defineView } from '../../output/view.js';
import type { Result } from '../types.js';

export const view = defineView<Record<string, unknown>>({
  columns: [
    { key: 'current', header: 'CURRENT', get: (r) => (r.current ? '*' : '') },
    { key: 'name', header: 'NAME' },
    { key: 'base_url', header: 'BASE URL' },
    { key: 'org_id', header: 'ORG' },
    { key: 'has_token', header: 'TOKEN', get: (r) => (r.has_token ? 'yes' : 'no') },
  ],
  emptyMessage: 'No profiles yet: run `secscan auth login`.',
});

export async function run(ctx: Context): Promise<Result> {
  const store = await ctx.store();
  const current = store.currentName;
  const rows = store.list().map(([name, p]) => ({
    name,
    current: name === current,
    base_url: p.base_url ?? defaultBaseUrl,
    org_id: p.org_id ?? '',
    has_token: Boolean(p.token),
  }));
  return { kind: 'list', rows };
}
