import type { HandlerMap } from '../http.js';
import { rbacHandlers } from './rbac.js';
import { scopeHandlers } from './scopes.js';
import { tokenHandlers } from './tokens.js';
import { userHandlers } from './users.js';

/** Handlers by operationId: one line per area. An operation without a handler answers 501. */
export const handlers: Readonly<HandlerMap> = {
  ...tokenHandlers,
  ...rbacHandlers,
  ...scopeHandlers,
  ...userHandlers,
};
