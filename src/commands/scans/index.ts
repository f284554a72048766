import { defineGroup } from '../define.js';

export default defineGroup({
  name: 'scans',
  section: 'daily',
  summary: 'List, show and compare scans; gate merges with `scans check`; wait for a scan',
  examples: [
    'secscan scans list --app payments-api',
    'secscan scans check --compound shop --rules .secscan/rules.yml --version "$GITHUB_SHA" --wait 20m',
  ],
  commands: [
    () => import('./list.js'),
    () => import('./show.js'),
    () => import('./owasp.js'),
    () => import('./report.js'),
    () => import('./compare.js'),
    () => import('./check.js'),
    () => import('./wait.js'),
  ],
});
