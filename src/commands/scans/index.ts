import { defineGroup } from '../define.js';

export default defineGroup({
  name: 'scans',
  summary: 'List, show and compare scans; gate merges with `scans check`',
  examples: [
    'secscan scans list --app payments-api',
    'secscan scans check --compound shop --rules .secscan/rules.yml --target-branch "$BRANCH"',
  ],
  commands: [
    () => import('./list.js'),
    () => import('./show.js'),
    () => import('./owasp.js'),
    () => import('./report.js'),
    () => import('./compare.js'),
    () => import('./check.js'),
  ],
});
