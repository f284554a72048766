import { timingSafeEqual } from 'node:crypto';
import { error, type Reply, redirect } from './http.js';
import { type AuthorizedService, boardAccounts, settingsUrl } from './integrations.js';
import type { SandboxState } from './state.js';

/**
 * The OAuth callbacks (SlackCallback, AzureCallback): the browser the vendor sends back after the consent
 * reaches them, with no bearer token; the authorization's `state` (from the start, made by a caller with a
 * token) and the `code` the consent gave are what they check. A completed authorization is recorded and the
 * browser goes on to the organization's settings page (`?success=true`, or `?error=...`).
 */
export const callbackOperations: Readonly<Record<string, AuthorizedService>> = {
  SlackCallback: 'chat',
  AzureCallback: 'board',
};

export interface CallbackRequest {
  opId: string;
  params: Readonly<Record<string, string>>;
  query: URLSearchParams;
  state: SandboxState;
  baseUrl: string;
}

const sameText = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The callback's answer and whether it changed the state, or undefined for another operation. */
export function serveCallback(req: CallbackRequest): { reply: Reply; changed: boolean } | undefined {
  const service = callbackOperations[req.opId];
  if (!service) return undefined;
  const { query, state: sandbox, baseUrl } = req;
  const section = sandbox.integrations;
  // A request the service cannot take: the chat callback answers the error body, the board's redirects too.
  const refuse = (reason: string, message: string) => ({
    reply:
      service === 'board'
        ? redirect(settingsUrl(baseUrl, { error: reason }))
        : error(400, 'BAD_REQUEST', message),
    changed: false,
  });
  if (req.params.orgID !== undefined && req.params.orgID !== sandbox.org.id) {
    return { reply: error(404, 'NOT_FOUND', 'Not Found'), changed: false };
  }
  const nonce = query.get('state') ?? '';
  const pending = section.pending.find((p) => p.service === service && sameText(p.state, nonce));
  if (!pending) return refuse('invalid_state', 'invalid or expired OAuth state');
  const denied = query.get('error');
  if (denied !== null) {
    section.pending = section.pending.filter((p) => p !== pending);
    return { reply: redirect(settingsUrl(baseUrl, { error: denied || 'access_denied' })), changed: true };
  }
  const code = query.get('code') ?? '';
  if (!pending.code || !sameText(pending.code, code)) return refuse('invalid_code', 'invalid OAuth code');
  section.pending = section.pending.filter((p) => p !== pending);
  const at = new Date().toISOString();
  if (service === 'chat') section.chat = { workspace: `${sandbox.org.name} workspace`, authorized_at: at };
  else section.board = { accounts: [...boardAccounts], authorized_at: at };
  return { reply: redirect(settingsUrl(baseUrl, { success: true })), changed: true };
}
