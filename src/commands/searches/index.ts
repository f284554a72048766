import { defineGroup } from '../define.js';

export default defineGroup({
  name: 'searches',
  summary: 'Your saved searches (each user has their own)',
  examples: [
    'secscan searches list',
    'secscan searches create "Critical in payments" --path /findings --query "severity=critical&app=payments-api"',
  ],
  commands: [
    () => import('./list.js'),
    () => import('./create.js'),
    () => import('./update.js'),
    () => import('./delete.js'),
  ],
});
