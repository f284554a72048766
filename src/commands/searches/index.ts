import { defineGroup } from '../define.js';

export default defineGroup({
  name: 'searches',
  section: 'daily',
  summary: 'Your saved searches (each user has their own)',
  examples: [
    'secscan searches list',
    'secscan searches create "High in ledger" --path /findings --query "severity=high&app=ledger-service"',
  ],
  commands: [
    () => import('./list.js'),
    () => import('./create.js'),
    () => import('./update.js'),
    () => import('./delete.js'),
  ],
});
