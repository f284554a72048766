import { defineGroup } from '../../define.js';

export default defineGroup({
  name: 'config',
  summary: 'Show, replace or patch the organization’s configuration',
  description:
    'The configuration is one document: sign-in (SSO name, default SAML configuration, the providers ' +
    'non-admins may use), security training, the secrets scanner, AutoFix and the session timeout. ' +
    '`show -o yaml` writes it as a file that `set` takes back unchanged.',
  examples: [
    'secscan org config show -o yaml > org-config.yml',
    'secscan org config set org-config.yml',
    'secscan org config patch timeout.yml',
  ],
  commands: [() => import('./show.js'), () => import('./set.js'), () => import('./patch.js')],
});
