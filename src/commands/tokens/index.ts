import { defineGroup } from '../define.js';

export default defineGroup({
  name: 'tokens',
  section: 'admin',
  summary: 'List, create and delete API tokens',
  examples: ['secscan tokens list', 'secscan tokens create --label ci --role <ci-role-id> --valid-for 90d'],
  commands: [() => import('./list.js'), () => import('./create.js'), () => import('./delete.js')],
});
