import { defineGroup } from '../define.js';

export default defineGroup({
  name: 'roles',
  section: 'admin',
  summary: 'Manage RBAC roles and list roles for tokens',
  examples: [
    'secscan roles list',
    'secscan roles create --name "Triage" --scope findings:list,findings:read',
  ],
  commands: [
    () => import('./list.js'),
    () => import('./create.js'),
    () => import('./update.js'),
    () => import('./delete.js'),
  ],
});
