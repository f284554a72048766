import { defineGroup } from '../define.js';

export default defineGroup({
  name: 'groups',
  section: 'admin',
  summary: 'The organization’s human groups: members and teams',
  examples: ['secscan groups list', 'secscan groups show Developers'],
  commands: [() => import('./list.js'), () => import('./show.js')],
});
