import { defineNoun } from '../types.js';

export default defineNoun({
  name: 'whoami',
  summary: 'Show the current user and their organizations',
  examples: ['secscan whoami', 'secscan whoami -o json | jq -r .email'],
  load: () => import('./run.js'),
});
