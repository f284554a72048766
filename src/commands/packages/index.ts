import { defineGroup } from '../define.js';

export default defineGroup({
  name: 'packages',
  section: 'daily',
  summary: 'Look up licences and CVEs of packages by package URL',
  examples: ['secscan packages show pkg:maven/org.apache.logging.log4j/log4j-core@2.14.1'],
  commands: [() => import('./show.js')],
});
