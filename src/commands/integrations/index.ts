import { defineGroup } from '../define.js';

export default defineGroup({
  name: 'integrations',
  section: 'admin',
  summary: 'Connect the chat service (Slack), the work board (Azure Boards) and the cloud platform (Wiz)',
  description:
    'Connect the organization to the chat service (Slack), the work-tracking board (Azure Boards) and the ' +
    'cloud-security platform (Wiz). Authorizations happen in a browser: the `authorize` commands print the ' +
    'address to open (and open it with --open at a terminal); the token is never sent there.',
  examples: [
    'secscan integrations chat authorize --open',
    'secscan integrations board link payments-api --board-org sandbox-devops --project Payments',
    'secscan integrations cloud enrollment show --compound shop',
  ],
  commands: [
    () => import('./chat/index.js'),
    () => import('./board/index.js'),
    () => import('./cloud/index.js'),
  ],
});
