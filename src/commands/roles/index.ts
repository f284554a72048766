import { defineNoun } from '../types.js';

const scopeHelp = 'scope <resource>:<action> or <resource>:*; repeat or separate with commas';

export default defineNoun({
  name: 'roles',
  summary: 'Manage RBAC roles and list roles for tokens',
  verbs: [
    {
      name: 'list',
      aliases: ['ls'],
      summary: 'List RBAC roles, or the managed roles tokens can carry',
      options: [
        {
          flags: '--access-token',
          description: 'list the managed roles for tokens (role ids for `tokens create`)',
        },
      ],
      examples: [
        'secscan roles list',
        'secscan roles list --access-token',
        'secscan roles list -o json | jq ".[].scopes"',
      ],
      load: () => import('./list.js'),
    },
    {
      name: 'create',
      summary: 'Create a custom RBAC role',
      options: [
        { flags: '--name <name>', description: 'role name (required, unique)' },
        { flags: '--scope <scope>', description: `${scopeHelp} (required)`, repeatable: true },
        { flags: '--type <type>', description: 'where the role applies', choices: ['team', 'organization'] },
        { flags: '--description <text>', description: 'what the role is for' },
      ],
      examples: [
        'secscan roles create --name "Triage" --scope findings:list,findings:read --scope comments:*',
      ],
      load: () => import('./create.js'),
    },
    {
      name: 'update',
      summary: 'Change a custom role’s name, description or scopes',
      args: [{ name: 'id', description: 'role id (uuid)', required: true }],
      options: [
        { flags: '--name <name>', description: 'new name' },
        { flags: '--description <text>', description: 'new description' },
        { flags: '--scope <scope>', description: `replace all scopes: ${scopeHelp}`, repeatable: true },
        { flags: '--add-scope <scope>', description: 'add scopes to the current ones', repeatable: true },
        {
          flags: '--remove-scope <scope>',
          description: 'remove scopes from the current ones',
          repeatable: true,
        },
      ],
      examples: ['secscan roles update <id> --add-scope comments:create --remove-scope findings:read'],
      load: () => import('./update.js'),
    },
    {
      name: 'delete',
      aliases: ['rm'],
      summary: 'Delete a custom role (built-in roles cannot be deleted)',
      args: [{ name: 'id', description: 'role id (uuid)', required: true }],
      load: () => import('./delete.js'),
    },
  ],
});
