import { defineGroup } from '../define.js';

export default defineGroup({
  name: 'app-groups',
  section: 'daily',
  summary: 'List, show, create, change and delete app groups',
  examples: ['secscan app-groups list', 'secscan app-groups upsert payments --add payments-api'],
  commands: [
    () => import('./list.js'),
    () => import('./show.js'),
    () => import('./upsert.js'),
    () => import('./delete.js'),
  ],
});
