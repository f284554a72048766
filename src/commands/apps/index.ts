import { defineNoun } from '../types.js';

const idArg = [{ name: 'id', description: 'app id', required: true }];
const configOptions = [
  {
    flags: '--file <file>',
    description: 'the whole configuration as YAML or JSON (`-` reads standard input)',
  },
  { flags: '--secrets-entropy <x>', description: 'entropy threshold of the secrets scanner (a number)' },
  { flags: '--secrets-disable', description: 'turn the secrets scanner off' },
  { flags: '--secrets-enable', description: 'turn the secrets scanner on' },
  { flags: '--cpg2sp-max-steps <n>', description: 'maximum steps of the analysis (a whole number)' },
  { flags: '--default-branch <branch>', description: 'the default branch' },
];

export default defineNoun({
  name: 'apps',
  summary: 'List, create and delete apps; labels, branches and configuration',
  verbs: [
    {
      name: 'list',
      aliases: ['ls'],
      summary: 'List the organization’s apps',
      load: () => import('./list.js'),
    },
    { name: 'show', summary: 'Show an app', args: idArg, load: () => import('./show.js') },
    {
      name: 'create',
      summary: 'Create an app, or many from a file',
      args: [{ name: 'id', description: 'app id (letters, digits, and _ : . - inside)' }],
      options: [
        { flags: '--name <name>', description: 'display name' },
        { flags: '--team <team-id>', description: 'the team the app belongs to' },
        { flags: '--base-branch <branch>', description: 'the default branch (default main)' },
        { flags: '--from-file <file>', description: 'YAML or JSON list of {id, name, team_id, base_branch}' },
      ],
      examples: [
        'secscan apps create billing-api --name "Billing API" --base-branch main',
        'secscan apps create --from-file apps.yml',
      ],
      load: () => import('./create.js'),
    },
    {
      name: 'delete',
      aliases: ['rm'],
      summary: 'Delete an app',
      args: idArg,
      examples: ['secscan apps delete billing-api --yes'],
      load: () => import('./delete.js'),
    },
    {
      name: 'labels',
      summary: 'Add, remove or clear an app’s labels',
      args: idArg,
      options: [
        {
          flags: '--add <label>',
          description: 'add labels (repeatable, or comma-separated)',
          repeatable: true,
        },
        {
          flags: '--remove <label>',
          description: 'remove labels (repeatable, or comma-separated)',
          repeatable: true,
        },
        { flags: '--clear', description: 'remove every label' },
      ],
      examples: ['secscan apps labels payments-api --add pci,tier-1 --remove legacy'],
      load: () => import('./labels.js'),
    },
    {
      name: 'branches',
      summary: 'List the branches scanned per app in a time window (default: the last week)',
      options: [
        { flags: '--app <id>', description: 'only this app' },
        {
          flags: '--from <when>',
          description: 'start: a date, Unix seconds, or an age such as 30d (default 7d)',
        },
        { flags: '--until <when>', description: 'end: a date, Unix seconds, or an age (default now)' },
      ],
      examples: [
        'secscan apps branches --from 90d',
        'secscan apps branches --app payments-api --from 2026-09-01',
      ],
      load: () => import('./branches.js'),
    },
    {
      name: 'scan-branches',
      summary: 'List an app’s scanned branches with scan counts',
      args: idArg,
      load: () => import('./scan-branches.js'),
    },
    {
      name: 'config',
      summary: 'Show and change an app’s analysis configuration',
      verbs: [
        {
          name: 'show',
          summary: 'Show the app’s own configuration',
          args: idArg,
          load: () => import('./config-show.js'),
        },
        {
          name: 'merged',
          summary: 'Show the effective configuration: organization, then team, then app',
          args: idArg,
          load: () => import('./config-merged.js'),
        },
        {
          name: 'set',
          summary: 'Replace the app’s configuration',
          args: idArg,
          options: configOptions,
          examples: ['secscan apps config set payments-api --secrets-entropy 4.5 --cpg2sp-max-steps 200000'],
          load: () => import('./config-set.js'),
        },
        {
          name: 'patch',
          summary: 'Change only the given settings',
          args: idArg,
          options: configOptions,
          examples: ['secscan apps config patch payments-api --secrets-disable'],
          load: () => import('./config-patch.js'),
        },
      ],
    },
    {
      name: 'default-branch',
      summary: 'Set an app’s default branch',
      args: [...idArg, { name: 'branch', description: 'the new default branch', required: true }],
      examples: ['secscan apps default-branch payments-api trunk'],
      load: () => import('./default-branch.js'),
    },
  ],
});
