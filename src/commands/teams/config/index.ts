import { defineGroup } from '../../define.js';

export default defineGroup({
  name: 'config',
  summary: 'Show and change a team’s analysis configuration',
  description:
    'A team’s configuration overrides the organization’s for the team’s apps (and an app’s own overrides ' +
    'both). TEAM is a team id or a team name.',
  examples: [
    'secscan teams config show Payments -o yaml > team.yml',
    'secscan teams config merged Payments',
    'secscan teams config patch Payments team.yml',
  ],
  commands: [
    () => import('./show.js'),
    () => import('./merged.js'),
    () => import('./set.js'),
    () => import('./patch.js'),
  ],
});
