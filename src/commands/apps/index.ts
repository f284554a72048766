import { defineGroup } from '../define.js';

export default defineGroup({
  name: 'apps',
  section: 'daily',
  summary: 'List, create and delete apps; labels, branches and configuration',
  examples: ['secscan apps list', 'secscan apps create billing-api --name "Billing API"'],
  commands: [
    () => import('./list.js'),
    () => import('./show.js'),
    () => import('./create.js'),
    () => import('./delete.js'),
    () => import('./labels.js'),
    () => import('./branches.js'),
    () => import('./scan-branches.js'),
    () => import('./config/index.js'),
    () => import('./default-branch.js'),
  ],
});
