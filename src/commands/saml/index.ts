import { defineGroup } from '../define.js';

export default defineGroup({
  name: 'saml',
  section: 'admin',
  summary: 'SAML single sign-on: configurations, user provisioning, access-token resets',
  examples: [
    'secscan saml list',
    'secscan saml create okta --idp-metadata-url https://idp.example.com/metadata',
    'secscan saml provision people.csv --dry-run',
  ],
  commands: [
    () => import('./list.js'),
    () => import('./show.js'),
    () => import('./create.js'),
    () => import('./update.js'),
    () => import('./delete.js'),
    () => import('./provision.js'),
    () => import('./reset-token.js'),
  ],
});
