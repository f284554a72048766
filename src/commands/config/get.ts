import { arg, defineVerb } from '../define.js';
import { readableKeys, settingRows } from './internal/keys.js';

export default defineVerb({
  name: 'get',
  summary: 'Print one effective setting (the token is masked)',
  examples: ['secscan config get org_id'],
  operations: [],
  args: [arg('key', 'profile, base_url, org_id, token or ca_file', { choices: readableKeys })],
  async run(ctx, { args: [key] }) {
    const row = settingRows(await ctx.settings()).find((r) => r.key === key);
    return { kind: 'raw', body: String(row?.value ?? '') };
  },
});
