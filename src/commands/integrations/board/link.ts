import { associationView } from '../../../output/views/integrations.js';
import { arg, defineVerb, text } from '../../define.js';
import { appId } from '../../parsers.js';
import { checkWith } from '../../../util/hints.js';

export default defineVerb({
  name: 'link',
  summary: 'Link an app to an Azure DevOps project of the work board',
  description:
    'Link an app to a project of the work board (Azure Boards): findings of the app submitted with ' +
    '`board submit` become work items of that project. Linking again replaces the link. The work board ' +
    'must be authorized first (`board status`); `board orgs` lists the organizations it reaches.',
  examples: [
    'secscan integrations board link payments-api --board-org sandbox-devops --project Payments',
    'secscan integrations board link payments-api --board-org sandbox-devops --project Payments --work-item-type Bug',
  ],
  operations: ['PutAzureboardAssociation'],
  args: [arg('app', 'app id', { parser: appId(), complete: 'app' })],
  options: {
    boardOrg: text('--board-org <name>', 'Azure DevOps organization (see `board orgs`)', {
      required: 'the Azure DevOps organization; see `secscan integrations board orgs`',
    }),
    project: text('--project <name>', 'Azure DevOps project of that organization', { required: true }),
    workItemType: text('--work-item-type <type>', 'type of the work items created (e.g. Bug, Issue, Task)'),
  },
  view: associationView,
  async run(ctx, { args: [app], opts }) {
    const client = await ctx.client();
    const association = await client.call('PutAzureboardAssociation', {
      path: { appID: app },
      body: {
        azure_org_name: opts.boardOrg,
        azure_project_name: opts.project,
        ...(opts.workItemType === undefined ? {} : { finding_work_item_type: opts.workItemType }),
      },
      verify: checkWith(`secscan integrations board show ${app}`),
    });
    ctx.note(`Linked ${app} to the Azure DevOps project ${opts.boardOrg}/${opts.project}.`);
    return { kind: 'object', item: { app, ...association } };
  },
});
