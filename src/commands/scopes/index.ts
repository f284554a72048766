import { defineNoun } from '../types.js';

export default defineNoun({
  name: 'scopes',
  summary: "List the caller's scopes and the available ones",
  verbs: [
    {
      name: 'list',
      aliases: ['ls'],
      summary: 'List what your token may do in the organization, an app or a team',
      options: [
        { flags: '--app <app-id>', description: 'scopes in the context of this app' },
        { flags: '--team <team-id>', description: 'scopes in the context of this team (uuid)' },
      ],
      examples: ['secscan scopes list', 'secscan scopes list --app shiftleft-java-demo'],
      load: () => import('./list.js'),
    },
    {
      name: 'available',
      summary: 'List every scope a role can grant',
      load: () => import('./available.js'),
    },
  ],
});
