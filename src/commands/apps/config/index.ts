import { defineGroup } from '../../define.js';

export default defineGroup({
  name: 'config',
  summary: 'Show and change an app’s analysis configuration',
  examples: [
    'secscan apps config show payments-api',
    'secscan apps config patch payments-api --secrets-disable',
  ],
  commands: [
    () => import('./show.js'),
    () => import('./merged.js'),
    () => import('./set.js'),
    () => import('./patch.js'),
  ],
});
