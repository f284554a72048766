import { defineGroup } from '../../../define.js';

export default defineGroup({
  name: 'enrollment',
  summary: 'Show, set or remove what the cloud-security platform (Wiz) is enriched with',
  description:
    'An enrollment says which findings (SAST, SCA) enrich the cloud-security platform (Wiz) and whether ' +
    'that is enabled. The organization’s enrollment is the default for every compound; a compound’s own ' +
    'enrollment overrides it, a disabled one included. An app follows the enrollment of its compound.',
  examples: [
    'secscan integrations cloud enrollment set --org --for SAST,SCA',
    'secscan integrations cloud enrollment set --compound legacy-docs --disable',
    'secscan integrations cloud enrollment show --app payments-api',
  ],
  commands: [() => import('./show.js'), () => import('./set.js'), () => import('./remove.js')],
});
