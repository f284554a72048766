import { defineNoun } from '../types.js';

export default defineNoun({
  name: 'tokens',
  summary: 'List, create and delete API tokens',
  verbs: [
    {
      name: 'list',
      aliases: ['ls'],
      summary: 'List the organization’s tokens (never their secret values)',
      options: [
        { flags: '--show-expired', description: 'include expired tokens' },
        {
          flags: '--type <type>',
          description: 'only tokens of this type',
          choices: ['access', 'integration'],
        },
      ],
      examples: ['secscan tokens list', 'secscan tokens list --type integration --show-expired -o json'],
      load: () => import('./list.js'),
    },
    {
      name: 'create',
      summary: 'Create a token and print its secret value once',
      description:
        'Create a token. Its secret value is printed once and cannot be shown again.\n' +
        'Find role ids with `secscan roles list --access-token` (the CI token role for pipelines).',
      options: [
        { flags: '--label <label>', description: 'label identifying the token (required)' },
        { flags: '--role <role-id>', description: 'role id attached to the token (required)' },
        { flags: '--description <text>', description: 'why the token exists' },
        {
          flags: '--type <type>',
          description: 'token type (default access)',
          choices: ['access', 'integration'],
        },
        {
          flags: '--valid-for <duration>',
          description: 'lifetime, e.g. 3600, 90m, 12h, 30d (default: the service’s)',
        },
      ],
      examples: [
        'secscan tokens create --label "GitHub Actions" --role <ci-role-id> --valid-for 90d',
        'secscan tokens create --label ci --role <ci-role-id> -o json | jq -r .value',
      ],
      load: () => import('./create.js'),
    },
    {
      name: 'delete',
      aliases: ['rm'],
      summary: 'Delete (revoke) a token',
      args: [{ name: 'id', description: 'token id (from `secscan tokens list`)', required: true }],
      examples: ['secscan tokens delete 3fa85f64-5717-4562-b3fc-2c963f66afa6 --yes'],
      load: () => import('./delete.js'),
    },
  ],
});
