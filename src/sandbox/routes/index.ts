import type { HandlerMap } from '../http.js';
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
import { packageHandlers } from './packages.js';
import { reportHandlers } from './reports.js';
import { rbacHandlers } from './rbac.js';
import { scaHandlers } from './sca.js';
import { scanHandlers } from './scans.js';
import { scopeHandlers } from './scopes.js';
import { tokenHandlers } from './tokens.js';
import { userHandlers } from './users.js';
import { versionHandlers } from './versions.js';

/** Handlers by operationId: one line per area. An operation without a handler answers 501. */
export const handlers: Readonly<HandlerMap> = {
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
  ...backupHandlers,
  ...reportHandlers,
  ...auditHandlers,
};
