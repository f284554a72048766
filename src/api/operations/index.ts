import type { Operation } from '../operation.js';
import { analyzeOperations } from './analyze.js';
import { appGroupOperations } from './app-groups.js';
import { appOperations } from './apps.js';
import { autofixOperations } from './autofix.js';
import { checkAnalysisOperations } from './checkanalysis.js';
import { commentOperations } from './comments.js';
import { compoundOperations } from './compounds.js';
import { findingOperations } from './findings.js';
import { rbacOperations } from './rbac.js';
import { scaOperations } from './sca.js';
import { scanOperations } from './scans.js';
import { scopeOperations } from './scopes.js';
import { tokenOperations } from './tokens.js';
import { userOperations } from './users.js';
import { versionOperations } from './versions.js';

/** The whole operations table (plain rows): one import per area. */
export const operations = {
  ...findingOperations,
  ...commentOperations,
  ...autofixOperations,
  ...versionOperations,
  ...scaOperations,
  ...tokenOperations,
  ...rbacOperations,
  ...scopeOperations,
  ...userOperations,
  ...scanOperations,
  ...compoundOperations,
  ...appOperations,
  ...appGroupOperations,
  ...analyzeOperations,
  ...checkAnalysisOperations,
};

export type Operations = typeof operations;
export type OperationId = keyof Operations;
export type Area = Operations[OperationId]['area'];

export const allOperations: readonly Operation[] = Object.values(operations);

export function isOperationId(id: string): id is OperationId {
  return Object.hasOwn(operations, id);
}

/**
 * Operations in the table that no command calls, with the reason. A test checks every other operation
 * is named by a command's `operations`.
 */
export const hiddenOperations: Readonly<Partial<Record<OperationId, string>>> = {
  ReadCompoundShallow: 'answers as ReadCompoundShallowByID, which `compounds show ID` uses',
};
