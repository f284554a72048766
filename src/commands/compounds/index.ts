import { defineGroup } from '../define.js';

export default defineGroup({
  name: 'compounds',
  section: 'daily',
  summary: 'List, show, archive and delete compounds; their scans, branches and SARIF',
  examples: ['secscan compounds list', 'secscan compounds scans shop --branch main'],
  commands: [
    () => import('./list.js'),
    () => import('./show.js'),
    () => import('./archive.js'),
    () => import('./unarchive.js'),
    () => import('./delete.js'),
    () => import('./scans.js'),
    () => import('./scan.js'),
    () => import('./branches.js'),
    () => import('./sarif.js'),
    () => import('./fixes-stats.js'),
  ],
});
