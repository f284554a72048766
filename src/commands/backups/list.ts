import { backupView } from '../../output/views/backups.js';
import { defineVerb } from '../define.js';

export default defineVerb({
  name: 'list',
  aliases: ['ls'],
  summary: 'List the organization’s backups, newest first',
  examples: ['secscan backups list', 'secscan backups list -o json | jq -r ".[0].backup_id"'],
  operations: ['ListOrganizationBackups'],
  view: backupView,
  async run(ctx) {
    const client = await ctx.client();
    const backups = await ctx.spin('Listing backups', () => client.call('ListOrganizationBackups'));
    const newestFirst = [...backups].sort((a, b) => (b.created_at ?? '').localeCompare(a.created_at ?? ''));
    return { kind: 'list', rows: newestFirst };
  },
});
