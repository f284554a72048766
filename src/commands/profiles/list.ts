import { defaultBaseUrl } from '../../config/settings.js';
import { profileView } from '../../output/views/profiles.js';
import { defineVerb } from '../define.js';

export default defineVerb({
  name: 'list',
  aliases: ['ls'],
  summary: 'List profiles; the current one is marked',
  examples: ['secscan profiles list', 'secscan profiles list -o json'],
  operations: [],
  view: profileView,
  async run(ctx) {
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
  },
});
