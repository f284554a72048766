import { defineGroup } from '../define.js';

export default defineGroup({
  name: 'config',
  section: 'setup',
  summary: 'Read and change settings of a profile',
  examples: ['secscan config list', 'secscan config set base_url https://app.example.com'],
  commands: [
    () => import('./list.js'),
    () => import('./get.js'),
    () => import('./set.js'),
    () => import('./unset.js'),
  ],
});
