import { workItemDetailView } from '../../../output/views/integrations.js';
import { arg, defineVerb } from '../../define.js';
import { appId } from '../../parsers.js';
import { findingId } from '../../shared/finding-ids.js';
import { rethrowNotFound } from '../internal/hints.js';

export default defineVerb({
  name: 'finding',
  summary: 'Show the work item a finding was filed as',
  examples: [
    'secscan integrations board finding payments-api 16',
    'secscan integrations board finding payments-api 16 -o json | jq -r .azure_workitem_url',
  ],
  operations: ['GetAssociationAzureBoardByFindingID'],
  args: [
    arg('app', 'app id', { parser: appId(), complete: 'app' }),
    arg('finding-id', 'finding id', { parser: findingId }),
  ],
  view: workItemDetailView,
  async run(ctx, { args: [app, id] }) {
    const client = await ctx.client();
    try {
      const item = await client.call('GetAssociationAzureBoardByFindingID', {
        path: { appID: app, findingID: id },
      });
      return { kind: 'object', item: { app, finding_id: id, ...item } };
    } catch (error) {
      rethrowNotFound(
        error,
        `file it with \`secscan integrations board submit ${app} --scan SCAN_ID ${id}\``,
      );
    }
  },
});
