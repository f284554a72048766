import { defineGroup } from '../define.js';

export default defineGroup({
  name: 'policies',
  section: 'ci',
  summary: 'Check-analysis policies: stored rules files that `scans check --policy` gates merges with',
  description:
    'A policy is a rules file (the format of `scans check --rules`) stored in the organization under a ' +
    'name, with tags for its versions. `scans check --policy NAME` uses the latest, `NAME:TAG` a tagged one.',
  examples: [
    'secscan policies list',
    'secscan policies diff default .secscan/rules.yml',
    'secscan policies push .secscan/rules.yml --name default --use-defaults',
  ],
  commands: [
    () => import('./list.js'),
    () => import('./show.js'),
    () => import('./push.js'),
    () => import('./diff.js'),
  ],
});
