import { createHmac, timingSafeEqual } from 'node:crypto';

export interface TokenClaims {
  orgID: string;
  jti: string;
  iat: number;
  exp?: number;
}

const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

function signature(secret: string, data: string): string {
  return createHmac('sha256', secret).update(data).digest('base64url');
}

/** `base64url(header).base64url(claims).base64url(HMAC-SHA256)`: a JWT the CLI can decode for its orgID. */
export function signToken(secret: string, claims: TokenClaims): string {
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${header}.${body}.${signature(secret, `${header}.${body}`)}`;
}

export type VerifyResult = { ok: true; claims: TokenClaims } | { ok: false; reason: string };

/** Checks shape and signature only; whether the token still exists and has not expired is the caller's job. */
export function verifyToken(secret: string, token: string): VerifyResult {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, reason: 'malformed token' };
  const [h, c, s] = parts as [string, string, string];
  const expected = Buffer.from(signature(secret, `${h}.${c}`));
  const given = Buffer.from(s);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return { ok: false, reason: 'invalid token signature' };
  }
  try {
    const claims = JSON.parse(Buffer.from(c, 'base64url').toString('utf8')) as Partial<TokenClaims>;
    if (
      typeof claims.jti !== 'string' ||
      typeof claims.orgID !== 'string' ||
      typeof claims.iat !== 'number'
    ) {
      return { ok: false, reason: 'malformed token' };
    }
    return { ok: true, claims: claims as TokenClaims };
  } catch {
    return { ok: false, reason: 'malformed token' };
  }
}
