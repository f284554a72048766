import { defineGroup } from '../define.js';

export default defineGroup({
  name: 'findings',
  section: 'daily',
  summary: 'List, filter, triage and comment on findings; their dataflows and fixes; export SARIF',
  examples: [
    'secscan findings list --app shiftleft-java-demo --severity critical',
    'secscan findings status --app shiftleft-java-demo --set fixed --comment "fixed in #123" 12',
    'secscan findings status --app shiftleft-java-demo --severity low --set ignore --dry-run',
    'secscan findings undo',
    'secscan findings summary',
  ],
  commands: [
    () => import('./list.js'),
    () => import('./show.js'),
    () => import('./status.js'),
    () => import('./assign.js'),
    () => import('./undo.js'),
    () => import('./comment/index.js'),
    () => import('./fix.js'),
    () => import('./dataflow.js'),
    () => import('./autofix.js'),
    () => import('./summary.js'),
  ],
});
