import type { Operation } from '../operation.js';
import { alertingOperations } from './alerting.js';
import { analyzeOperations } from './analyze.js';
import { appGroupOperations } from './app-groups.js';
import { appOperations } from './apps.js';
import { auditOperations } from './audit.js';
import { autofixOperations } from './autofix.js';
import { azureboardOperations } from './azureboard.js';
import { backupOperations } from './backups.js';
import { checkAnalysisOperations } from './checkanalysis.js';
import { commentOperations } from './comments.js';
import { compoundOperations } from './compounds.js';
import { findingOperations } from './findings.js';
import { orgConfigOperations } from './org-config.js';
import { privateOperations } from './private.js';
import { rbacOperations } from './rbac.js';
import { reportOperations } from './reports.js';
import { samlOperations } from './saml.js';
import { savedSearchOperations } from './saved-searches.js';
import { scaOperations } from './sca.js';
import { scanOperations } from './scans.js';
import { scopeOperations } from './scopes.js';
import { slackOperations } from './slack.js';
import { teamConfigOperations } from './team-config.js';
import { tokenOperations } from './tokens.js';
import { currentUserOperations } from './current-user.js';
import { versionOperations } from './versions.js';
import { wizOperations } from './wiz.js';

/**
 * The whole operations table (plain rows): one import per area of the vendor document, and the paths the
 * vendor's own clients call outside it (`private.ts`, every row `private: true`).
 */
export const operations = {
  ...findingOperations,
  ...commentOperations,
  ...autofixOperations,
  ...versionOperations,
  ...scaOperations,
  ...tokenOperations,
  ...rbacOperations,
  ...scopeOperations,
  ...currentUserOperations,
  ...scanOperations,
  ...compoundOperations,
  ...appOperations,
  ...appGroupOperations,
  ...analyzeOperations,
  ...checkAnalysisOperations,
  ...orgConfigOperations,
  ...teamConfigOperations,
  ...alertingOperations,
  ...samlOperations,
  ...savedSearchOperations,
  ...backupOperations,
  ...reportOperations,
  ...auditOperations,
  ...slackOperations,
  ...azureboardOperations,
  ...wizOperations,
  ...privateOperations,
};

export type Operations = typeof operations;
export type OperationId = keyof Operations;
export type Area = Operations[OperationId]['area'];

export const allOperations: readonly Operation[] = Object.values(operations);
/** The operations of the vendor document: what the contract tests hold to it (every row but the private ones). */
export const documentedOperations: readonly Operation[] = allOperations.filter((op) => !op.private);
/** The paths outside the document that the vendor's clients call (`private.ts`). */
export const privateOperationIds: readonly OperationId[] = Object.keys(privateOperations) as OperationId[];

export function isOperationId(id: string): id is OperationId {
  return Object.hasOwn(operations, id);
}

/**
 * Operations in the table that no command calls, with the reason. A test checks every other operation
 * is named by a command's `operations`.
 */
export const hiddenOperations: Readonly<Partial<Record<OperationId, string>>> = {
  ReadCompoundShallow: 'answers as ReadCompoundShallowByID, which `compounds show ID` uses',
  SlackCallback: 'the chat service’s OAuth redirect target, called by the service, not a user command',
  AzureCallback: 'the work board’s OAuth redirect target, called by the service, not a user command',
  ReadPrivateUser: 'the vendor’s clients’ form of ReadUser (the same answer), which `whoami` calls',
};
