import type { NounSpec } from './types.js';

export interface NounEntry {
  name: string;
  summary: string;
  aliases?: string[];
  load: () => Promise<{ default: NounSpec }>;
}

/** Top-level commands. Only the entry the user names is loaded, so --version and --help stay cheap. */
export const nouns: NounEntry[] = [
  {
    name: 'auth',
    summary: 'Log in, check and log out of the service',
    load: () => import('./auth/index.js'),
  },
  {
    name: 'profiles',
    summary: 'List, switch and remove connection profiles',
    load: () => import('./profiles/index.js'),
  },
  {
    name: 'config',
    summary: 'Read and change settings of a profile',
    load: () => import('./config/index.js'),
  },
  {
    name: 'whoami',
    summary: 'Show the current user and their organizations',
    load: () => import('./whoami/index.js'),
  },
  { name: 'tokens', summary: 'List, create and delete API tokens', load: () => import('./tokens/index.js') },
  {
    name: 'roles',
    summary: 'Manage RBAC roles and list roles for tokens',
    load: () => import('./roles/index.js'),
  },
  {
    name: 'scopes',
    summary: "List the caller's scopes and the available ones",
    load: () => import('./scopes/index.js'),
  },
  {
    name: 'findings',
    summary: 'List, filter, triage and comment on findings; export SARIF',
    load: () => import('./findings/index.js'),
  },
  {
    name: 'dependencies',
    summary: 'Search the dependencies found in the organization’s scans',
    load: () => import('./dependencies/index.js'),
  },
  {
    name: 'packages',
    summary: 'Look up licences and CVEs of packages by package URL',
    load: () => import('./packages/index.js'),
  },
  {
    name: 'sca',
    summary: 'Software composition analysis: the packages found in scans',
    load: () => import('./sca/index.js'),
  },
  {
    name: 'scans',
    summary: 'List, show and compare scans; gate merges with `scans check`',
    load: () => import('./scans/index.js'),
  },
  {
    name: 'compounds',
    summary: 'List, show, archive and delete compounds; their scans, branches and SARIF',
    load: () => import('./compounds/index.js'),
  },
  {
    name: 'apps',
    summary: 'List, create and delete apps; labels, branches and configuration',
    load: () => import('./apps/index.js'),
  },
  {
    name: 'app-groups',
    summary: 'List, show, create, change and delete app groups',
    load: () => import('./app-groups/index.js'),
  },
  {
    name: 'analyze-failures',
    summary: 'List and show analysis failures',
    load: () => import('./analyze-failures/index.js'),
  },
  {
    name: 'api',
    summary: 'Make an authenticated request to the API and print the response',
    load: () => import('./api/index.js'),
  },
  {
    name: 'sandbox',
    summary: 'Run a local stand-in for the service with demo data',
    load: () => import('./sandbox/index.js'),
  },
  {
    name: 'completion',
    summary: 'Print a shell completion script (bash, zsh, fish)',
    load: () => import('./completion/index.js'),
  },
];
