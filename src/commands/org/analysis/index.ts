import { defineGroup } from '../../define.js';

export default defineGroup({
  name: 'analysis',
  summary: 'The organization’s analysis configuration (the secrets scanner)',
  examples: ['secscan org analysis set --secrets-entropy 4.2'],
  commands: [() => import('./set.js')],
});
