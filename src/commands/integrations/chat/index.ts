import { defineGroup } from '../../define.js';

export default defineGroup({
  name: 'chat',
  summary: 'Connect or disconnect the chat service (Slack)',
  description:
    'The chat service (Slack) receives the organization’s notifications once an administrator has approved ' +
    'access in a browser. The service keeps the token Slack issues; `remove` revokes it.',
  examples: ['secscan integrations chat authorize --open', 'secscan integrations chat remove --yes'],
  commands: [() => import('./authorize.js'), () => import('./remove.js')],
});
