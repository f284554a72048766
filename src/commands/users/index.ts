import { defineGroup } from '../define.js';

export default defineGroup({
  name: 'users',
  section: 'admin',
  summary: 'Users of the organization: look up, change the role, remove; pending invitations',
  description: 'USER is an e-mail or a user id; an e-mail is looked up before anything changes.',
  examples: [
    'secscan users list --email member@initech.example',
    'secscan users update member@initech.example --role TEAM_DEFINED',
  ],
  commands: [
    () => import('./list.js'),
    () => import('./update.js'),
    () => import('./delete.js'),
    () => import('./invitations.js'),
  ],
});
