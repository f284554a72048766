import { defineGroup } from '../../define.js';

export default defineGroup({
  name: 'cloud',
  summary: 'Connect the cloud-security platform (Wiz) and choose what it is enriched with',
  description:
    'The cloud-security platform (Wiz) is enriched with the findings of enrolled compounds. Store the ' +
    'client credentials of a Wiz service account once (`creds set`), then enroll the organization (the ' +
    'default for every compound) or single compounds for SAST and SCA findings.',
  examples: [
    'secscan integrations cloud creds set --client-id ID --auth-url https://auth.app.wiz.io/oauth/token --api-url https://api.us17.app.wiz.io/graphql < secret.txt',
    'secscan integrations cloud enrollment set --org --for SAST,SCA',
    'secscan integrations cloud enrollment show --compound shop',
  ],
  commands: [() => import('./creds/index.js'), () => import('./enrollment/index.js')],
});
