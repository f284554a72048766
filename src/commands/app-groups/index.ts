import { defineNoun } from '../types.js';

const nameArg = [{ name: 'name', description: 'app group name', required: true }];

export default defineNoun({
  name: 'app-groups',
  summary: 'List, show, create, change and delete app groups',
  verbs: [
    { name: 'list', aliases: ['ls'], summary: 'List the app groups', load: () => import('./list.js') },
    {
      name: 'show',
      summary: 'Show an app group and its apps',
      args: nameArg,
      load: () => import('./show.js'),
    },
    {
      name: 'upsert',
      summary: 'Create an app group, or rename it and add or remove apps',
      args: nameArg,
      options: [
        { flags: '--rename <name>', description: 'new name' },
        { flags: '--add <app>', description: 'add apps (repeatable, or comma-separated)', repeatable: true },
        {
          flags: '--remove <app>',
          description: 'remove apps (repeatable, or comma-separated)',
          repeatable: true,
        },
      ],
      examples: [
        'secscan app-groups upsert payments --add payments-api,ledger-service',
        'secscan app-groups upsert payments --rename money --remove ledger-service',
      ],
      load: () => import('./upsert.js'),
    },
    {
      name: 'delete',
      aliases: ['rm'],
      summary: 'Delete an app group (its apps stay)',
      args: nameArg,
      load: () => import('./delete.js'),
    },
  ],
});
