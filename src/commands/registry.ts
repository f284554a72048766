import type { Loader } from './define.js';

/** Top-level commands, in the order help lists them. Each noun lists its verbs; only the one run is loaded. */
export const nouns: readonly Loader[] = [
  () => import('./auth/index.js'),
  () => import('./profiles/index.js'),
  () => import('./config/index.js'),
  () => import('./whoami/index.js'),
  () => import('./tokens/index.js'),
  () => import('./roles/index.js'),
  () => import('./scopes/index.js'),
  () => import('./findings/index.js'),
  () => import('./dependencies/index.js'),
  () => import('./packages/index.js'),
  () => import('./sca/index.js'),
  () => import('./scans/index.js'),
  () => import('./compounds/index.js'),
  () => import('./apps/index.js'),
  () => import('./app-groups/index.js'),
  () => import('./analyze-failures/index.js'),
  () => import('./backups/index.js'),
  () => import('./reports/index.js'),
  () => import('./audit/index.js'),
  () => import('./api/index.js'),
  () => import('./sandbox/index.js'),
  () => import('./completion/index.js'),
];
