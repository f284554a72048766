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
