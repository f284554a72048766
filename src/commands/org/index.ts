import { defineGroup } from '../define.js';

export default defineGroup({
  name: 'org',
  section: 'admin',
  summary: 'Organization settings: configuration, analysis and AutoFix',
  examples: ['secscan org config show', 'secscan org analysis set --secrets-entropy 4.2'],
  commands: [
    () => import('./config/index.js'),
    () => import('./analysis/index.js'),
    () => import('./autofix/index.js'),
  ],
});
