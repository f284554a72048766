import { defineGroup } from '../define.js';

export default defineGroup({
  name: 'teams',
  section: 'admin',
  summary: 'Teams: their apps, members, groups and configuration; access as code with export and apply',
  description:
    'TEAM is a team id or its name everywhere. Members are given by e-mail or user id, with a team role ' +
    '(TEAM_ADMIN, TEAM_MANAGER, TEAM_MEMBER, TEAM_GUEST or a role id). Every change carries the team’s ' +
    'current version: a team changed by someone else in the meantime is a conflict (exit 6), never overwritten.',
  examples: [
    'secscan teams list',
    'secscan teams update Payments --add-member member@initech.example:TEAM_ADMIN --add-app docs-site',
    'secscan teams export > access.yml && secscan teams apply access.yml --dry-run',
    'secscan teams config merged Payments',
  ],
  commands: [
    () => import('./list.js'),
    () => import('./show.js'),
    () => import('./create.js'),
    () => import('./update.js'),
    () => import('./delete.js'),
    () => import('./groups/index.js'),
    () => import('./export.js'),
    () => import('./apply.js'),
    () => import('./config/index.js'),
  ],
});
