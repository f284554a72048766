import { defineGroup } from '../../define.js';

export default defineGroup({
  name: 'autofix',
  summary: 'The organization’s AutoFix configuration',
  description: 'AutoFix is configured with the rest of the organization: see `secscan org config patch`.',
  examples: ['secscan org autofix show'],
  commands: [() => import('./show.js')],
});
