import { defineGroup } from '../../define.js';

export default defineGroup({
  name: 'board',
  summary: 'Link apps to the work board (Azure Boards) and file findings as work items',
  description:
    'The work-tracking board (Azure Boards): an administrator authorizes it for the organization in a ' +
    'browser; each app is then linked to an Azure DevOps organization and project, and findings submitted ' +
    'from a scan become work items there.',
  examples: [
    'secscan integrations board status',
    'secscan integrations board link payments-api --board-org sandbox-devops --project Payments',
    'secscan integrations board submit payments-api --scan 1011 16 18',
  ],
  commands: [
    () => import('./status.js'),
    () => import('./authorize.js'),
    () => import('./orgs.js'),
    () => import('./link.js'),
    () => import('./unlink.js'),
    () => import('./show.js'),
    () => import('./finding.js'),
    () => import('./submit.js'),
  ],
});
