import { defineGroup } from '../define.js';

export default defineGroup({
  name: 'rules',
  section: 'ci',
  summary: 'Read and convert gate rules files (secscan’s, or sl check-analysis build rules)',
  examples: ['secscan rules convert shiftleft.yml > .secscan/rules.yml'],
  commands: [() => import('./convert.js')],
});
