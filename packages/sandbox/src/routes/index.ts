import type { OperationId } from '@secscan/api/operations';
import type { Handler } from '../http.js';
import { alertingHandlers } from './alerting.js';
import { analyzeHandlers } from './analyze.js';
import { appGroupHandlers } from './app-groups.js';
import { appHandlers } from './apps.js';
import { auditHandlers } from './audit.js';
import { autofixHandlers } from './autofix.js';
import { backupHandlers } from './backups.js';
import { checkAnalysisHandlers } from './checkanalysis.js';
import { commentHandlers } from './comments.js';
import { compoundHandlers } from './compounds.js';
import { findingHandlers } from './findings.js';
import { groupHandlers } from './groups.js';
import { integrationHandlers } from './integrations.js';
import { orgConfigHandlers } from './org-config.js';
import { orgUserHandlers } from './org-users.js';
import { packageHandlers } from './packages.js';
import { privateHandlers } from './private.js';
import { reportHandlers } from './reports.js';
import { rbacHandlers } from './rbac.js';
import { samlHandlers } from './saml.js';
import { savedSearchHandlers } from './saved-searches.js';
import { scaHandlers } from './sca.js';
import { scanHandlers } from './scans.js';
import { scopeHandlers } from './scopes.js';
import { teamConfigHandlers } from './team-config.js';
import { teamHandlers } from './teams.js';
import { tokenHandlers } from './tokens.js';
import { userHandlers } from './users.js';
import { versionHandlers } from './versions.js';

/**
 * The operations the sandbox answers with no handler of this map, and why: tsc names any other operation of
 * the table that has no handler here (a new row of the table without its handler does not compile).
 */
export const unserved = {
  SlackCallback:
    'the chat service’s OAuth redirect target, answered by serveCallback (oauth.ts), not by a handler',
  AzureCallback:
    'the work board’s OAuth redirect target, answered by serveCallback (oauth.ts), not by a handler',
} as const satisfies Partial<Record<OperationId, string>>;

/** Every served operation's handler, by operationId, each typed by its operation's path and body. */
export type Handlers = { readonly [K in Exclude<OperationId, keyof typeof unserved>]: Handler<K> };

/** Handlers by operationId: one line per area. */
export const handlers: Handlers = {
  ...tokenHandlers,
  ...rbacHandlers,
  ...scopeHandlers,
  ...userHandlers,
  ...findingHandlers,
  ...commentHandlers,
  ...autofixHandlers,
  ...versionHandlers,
  ...scaHandlers,
  ...packageHandlers,
  ...scanHandlers,
  ...compoundHandlers,
  ...appHandlers,
  ...appGroupHandlers,
  ...analyzeHandlers,
  ...checkAnalysisHandlers,
  ...integrationHandlers,
  ...orgConfigHandlers,
  ...teamConfigHandlers,
  ...alertingHandlers,
  ...savedSearchHandlers,
  ...teamHandlers,
  ...groupHandlers,
  ...orgUserHandlers,
  ...samlHandlers,
  ...backupHandlers,
  ...reportHandlers,
  ...auditHandlers,
  ...privateHandlers,
};
