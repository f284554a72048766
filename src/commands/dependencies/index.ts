import { defineGroup } from '../define.js';

export default defineGroup({
  name: 'dependencies',
  section: 'daily',
  summary: 'Search the dependencies found in the organization’s scans',
  examples: ['secscan dependencies search log4j'],
  commands: [() => import('./search.js')],
});
