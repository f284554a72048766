import type { NounLoader } from './define.js';

/**
 * Top-level commands, in the order help lists them within their sections (each declares its `section`).
 * Each noun lists its verbs; only the one run is loaded.
 */
export const nouns: readonly NounLoader[] = [
  () => import('./sandbox/index.js'),
  () => import('./findings/index.js'),
  () => import('./scans/index.js'),
  () => import('./reports/index.js'),
  () => import('./stats/index.js'),
  () => import('./compounds/index.js'),
  () => import('./apps/index.js'),
  () => import('./app-groups/index.js'),
  () => import('./searches/index.js'),
  () => import('./dependencies/index.js'),
  () => import('./packages/index.js'),
  () => import('./sca/index.js'),
  () => import('./sbom/index.js'),
  () => import('./analyze-failures/index.js'),
  () => import('./pr/index.js'),
  () => import('./policies/index.js'),
  () => import('./rules/index.js'),
  () => import('./ignores/index.js'),
  () => import('./teams/index.js'),
  () => import('./users/index.js'),
  () => import('./groups/index.js'),
  () => import('./roles/index.js'),
  () => import('./scopes/index.js'),
  () => import('./tokens/index.js'),
  () => import('./saml/index.js'),
  () => import('./org/index.js'),
  () => import('./webhook/index.js'),
  () => import('./integrations/index.js'),
  () => import('./backups/index.js'),
  () => import('./audit/index.js'),
  () => import('./api/index.js'),
  () => import('./auth/index.js'),
  () => import('./profiles/index.js'),
  () => import('./config/index.js'),
  () => import('./whoami/index.js'),
  () => import('./completion/index.js'),
];
