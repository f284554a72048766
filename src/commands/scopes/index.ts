import { defineGroup } from '../define.js';

export default defineGroup({
  name: 'scopes',
  section: 'admin',
  summary: "List the caller's scopes and the available ones",
  examples: ['secscan scopes list', 'secscan scopes available'],
  commands: [() => import('./list.js'), () => import('./available.js')],
});
