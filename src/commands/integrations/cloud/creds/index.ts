import { defineGroup } from '../../../define.js';

export default defineGroup({
  name: 'creds',
  summary: 'Show or store the client credentials of the cloud-security platform (Wiz)',
  examples: [
    'secscan integrations cloud creds show',
    'secscan integrations cloud creds set --client-id ID --auth-url https://auth.app.wiz.io/oauth/token --api-url https://api.us17.app.wiz.io/graphql < secret.txt',
  ],
  commands: [() => import('./show.js'), () => import('./set.js')],
});
