import { defineGroup } from '../../define.js';

export default defineGroup({
  name: 'groups',
  summary: 'The human groups of a team and their team roles',
  description:
    'TEAM and GROUP are ids or names. A group gives every one of its members its role in the team.',
  examples: [
    'secscan teams groups list Payments',
    'secscan teams groups add Payments Developers:TEAM_MEMBER "Security Champions:TEAM_ADMIN"',
  ],
  commands: [
    () => import('./list.js'),
    () => import('./show.js'),
    () => import('./add.js'),
    () => import('./set-role.js'),
    () => import('./remove.js'),
  ],
});
