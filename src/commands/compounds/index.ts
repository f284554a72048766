import { defineNoun } from '../types.js';

const nameArg = [{ name: 'name', description: 'compound name', required: true }];

export default defineNoun({
  name: 'compounds',
  summary: 'List, show, archive and delete compounds; their scans, branches and SARIF',
  verbs: [
    {
      name: 'list',
      aliases: ['ls'],
      summary: 'List compounds (not archived ones unless asked)',
      options: [
        { flags: '--archived', description: 'only archived compounds' },
        { flags: '--all', description: 'archived and not archived compounds' },
        { flags: '--limit <n>', description: 'at most this many compounds' },
      ],
      examples: ['secscan compounds list', 'secscan compounds list --all -o json'],
      load: () => import('./list.js'),
    },
    {
      name: 'show',
      summary: 'Show a compound by name or id, with its apps',
      args: [{ name: 'name-or-id', description: 'compound name, or its id (uuid)', required: true }],
      options: [{ flags: '--full', description: 'the full form: each app with its configuration' }],
      examples: ['secscan compounds show shop', 'secscan compounds show shop --full -o json'],
      load: () => import('./show.js'),
    },
    {
      name: 'archive',
      summary: 'Archive a compound',
      args: nameArg,
      load: () => import('./archive.js'),
    },
    {
      name: 'unarchive',
      summary: 'Unarchive a compound',
      args: nameArg,
      load: () => import('./unarchive.js'),
    },
    {
      name: 'delete',
      aliases: ['rm'],
      summary: 'Delete a compound',
      args: [
        { name: 'id', description: 'compound id (uuid, from `secscan compounds list`)', required: true },
      ],
      examples: ['secscan compounds delete 5d2c8e1f-7a3b-4c6d-9e0f-1a2b3c4d5e6f --yes'],
      load: () => import('./delete.js'),
    },
    {
      name: 'scans',
      summary: 'List the scans of a compound, newest first',
      args: nameArg,
      options: [
        {
          flags: '--status <status>',
          description: 'only scans in this state',
          choices: ['completed', 'running', 'failed'],
        },
        { flags: '--branch <branch>', description: 'only scans of this branch' },
        { flags: '--streamlined', description: 'a summary per scan: counts by severity, languages, agent' },
        { flags: '--limit <n>', description: 'at most this many scans, 1 to 100 (default 10)' },
      ],
      examples: ['secscan compounds scans shop --branch main', 'secscan compounds scans shop --streamlined'],
      load: () => import('./scans.js'),
    },
    {
      name: 'scan',
      summary: 'Show a compound scan with its app scans and findings summaries',
      args: [...nameArg, { name: 'scan-id', description: 'compound (polyglot) scan id', required: true }],
      load: () => import('./scan.js'),
    },
    {
      name: 'branches',
      summary: 'List the branches a compound was scanned on',
      args: nameArg,
      load: () => import('./branches.js'),
    },
    {
      name: 'sarif',
      summary: 'Download the service’s SARIF report of a compound scan',
      args: nameArg,
      options: [
        {
          flags: '--out <file>',
          description: 'where to write the report (required; `-` for standard output)',
        },
        { flags: '--scan <id>', description: 'compound (polyglot) scan id (default: the latest)' },
        { flags: '--version <version>', description: 'the scan of this version' },
        { flags: '--branch <branch>', description: 'the latest scan of this branch' },
        { flags: '--tag <key=value>', description: 'the latest scan with this tag' },
        { flags: '--language <language>', description: 'only the findings of apps in this language' },
      ],
      examples: ['secscan compounds sarif shop --branch main --out shop.sarif'],
      load: () => import('./sarif.js'),
    },
    {
      name: 'fixes-stats',
      summary: 'Count the fixes available per compound',
      load: () => import('./fixes-stats.js'),
    },
  ],
});
