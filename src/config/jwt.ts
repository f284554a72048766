/** Reads a JWT's claims without verifying it (only to default the organization id). */
export function decodeJwtClaims(token: string): Record<string, unknown> | undefined {
  const part = token.split('.')[1];
  if (!part) return undefined;
  try {
    const claims: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return claims && typeof claims === 'object' && !Array.isArray(claims)
      ? (claims as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Why a token is not a JWT (`header.payload.signature`, base64url, the payload a JSON object), the shape of
 * the service's tokens; undefined when it has that shape. Nothing is verified: only the shape is read.
 */
export function tokenShapeProblem(token: string): string | undefined {
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((p) => !/^[\w-]+$/.test(p))) {
    return 'a token is a JWT, three base64url parts joined by dots (header.payload.signature), and this is not';
  }
  if (!decodeJwtClaims(token)) return 'its middle part (the claims) is not base64url-encoded JSON';
  return undefined;
}

export function orgIdFromToken(token: string | undefined): string | undefined {
  if (!token) return undefined;
  const claim = decodeJwtClaims(token)?.orgID;
  return typeof claim === 'string' && claim ? claim : undefined;
}

/** When the token's `exp` claim says it expires, in milliseconds; undefined when it does not say. */
export function tokenExpiry(token: string | undefined): number | undefined {
  const exp = token ? decodeJwtClaims(token)?.exp : undefined;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : undefined;
}
