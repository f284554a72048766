import { defineGroup } from '../define.js';

export default defineGroup({
  name: 'analyze-failures',
  section: 'daily',
  summary: 'List and show analysis failures',
  examples: ['secscan analyze-failures list', 'secscan analyze-failures show <failure-id>'],
  commands: [() => import('./list.js'), () => import('./show.js')],
});
