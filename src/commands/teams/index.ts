import { defineGroup } from '../define.js';

export default defineGroup({
  name: 'teams',
  summary: 'Teams and their configuration',
  examples: ['secscan teams config show Payments'],
  commands: [() => import('./config/index.js')],
});
