import { defineGroup } from '../define.js';

export default defineGroup({
  name: 'profiles',
  section: 'setup',
  summary: 'List, switch and remove connection profiles',
  examples: ['secscan profiles list', 'secscan profiles use staging'],
  commands: [() => import('./list.js'), () => import('./use.js'), () => import('./remove.js')],
});
