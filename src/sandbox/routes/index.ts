import type { HandlerMap } from '../http.js';
import { analyzeHandlers } from './analyze.js';
import { appGroupHandlers } from './app-groups.js';
import { appHandlers } from './apps.js';
import { checkAnalysisHandlers } from './checkanalysis.js';
import { compoundHandlers } from './compounds.js';
import { rbacHandlers } from './rbac.js';
import { scanHandlers } from './scans.js';
import { scopeHandlers } from './scopes.js';
import { tokenHandlers } from './tokens.js';
import { userHandlers } from './users.js';

/** Handlers by operationId: one line per area. An operation without a handler answers 501. */
export const handlers: Readonly<HandlerMap> = {
  ...tokenHandlers,
  ...rbacHandlers,
  ...scopeHandlers,
  ...userHandlers,
  ...scanHandlers,
  ...compoundHandlers,
  ...appHandlers,
  ...appGroupHandlers,
  ...analyzeHandlers,
  ...checkAnalysisHandlers,
  ...scanHandlers,
  ...compoundHandlers,
  ...appHandlers,
  ...appGroupHandlers,
  ...analyzeHandlers,
  ...checkAnalysisHandlers,
};
