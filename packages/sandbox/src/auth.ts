import { signToken, verifyToken } from './jwt.js';
import type { Caller } from './permissions.js';
import type { SandboxState, TokenRecord } from './state.js';

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** A token's value is derived from its record, so the state never stores secrets other than the key. */
export function tokenValue(state: SandboxState, token: TokenRecord): string {
  return signToken(state.secret, {
    orgID: state.org.id,
    jti: token.id,
    iat: token.iat,
    ...(token.exp === undefined ? {} : { exp: token.exp }),
  });
}

export function isExpired(token: TokenRecord, now = nowSeconds()): boolean {
  return token.exp !== undefined && token.exp <= now;
}

export type AuthResult = { ok: true; caller: Caller } | { ok: false; message: string };

/** Resolves `Authorization: Bearer <token>` to a caller, or says why it cannot (a 401). */
export function authenticate(state: SandboxState, authorization: string | undefined): AuthResult {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!m) return { ok: false, message: 'missing bearer token: send Authorization: Bearer <token>' };
  const verified = verifyToken(state.secret, m[1] as string);
  if (!verified.ok) return { ok: false, message: verified.reason };
  const { claims } = verified;
  const token = state.tokens.items.find((t) => t.id === claims.jti);
  if (!token || claims.orgID !== state.org.id) return { ok: false, message: 'unknown or revoked token' };
  // The claims were signed from this record, so the record's expiry is the token's.
  if (isExpired(token)) return { ok: false, message: 'token expired' };
  const user = state.users.find((u) => u.id_v2 === token.user_id);
  if (!user) return { ok: false, message: 'the user of this token no longer exists' };
  return { ok: true, caller: { token, user } };
}
