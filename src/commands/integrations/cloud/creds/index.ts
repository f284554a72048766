import { defineGroup } from '../../../define.js';

export default defineGroup({
  name: 'creds',
  summary: 'Show or store the client credentials of the cloud-security platform (Wiz)',
  examples: [
    'secscan integrations cloud creds show',
    'secscan integrations cloud creds set --client-id ID --auth-url URL --api-url URL < secret.txt',
  ],
  commands: [() => import('./show.js'), () => import('./set.js')],
});
