import { AuthError } from '../errors.js';

/** What the settings say of the token and organization a client uses: where each came from. */
export interface TokenFacts {
  /** The token's `orgID` claim, and when its `exp` claim says it expires (ms), if they say. */
  tokenOrg: string | undefined;
  expiresAt: number | undefined;
  /** `SECSCAN_TOKEN`, `profile ci`. */
  tokenSource: string;
  /** Why the token is not a JWT, the shape of the service's tokens (`tokenShapeProblem`); undefined when it is. */
  tokenProblem?: string | undefined;
  orgId: string | undefined;
  /** `--org`, `SECSCAN_ORG_ID`, `profile ci`, `token claim`. */
  orgSource: string;
  /** The profile of the settings (the one `auth login` would write). */
  profile: string;
  /** Where the base URL came from: `--base-url`, `$SECSCAN_BASE_URL`, `profile demo`, `default`. */
  baseUrlSource?: string | undefined;
}

/**
 * A hint that leads somewhere for a refusal (401, 403) the settings explain: a token of another
 * organization than the one asked for names the token's own (its `orgID` claim); an expired token says to
 * log in again, with the profile. Undefined when they explain nothing (the service's own hint stands).
 */
export function authHint(
  status: number,
  message: string,
  facts: TokenFacts,
  now = Date.now(),
): string | undefined {
  const own = facts.tokenOrg;
  if (status === 403 && own && facts.orgId && own.toLowerCase() !== facts.orgId.toLowerCase()) {
    return (
      `the token is of organization ${own} (its orgID claim), not ${facts.orgId} (from ${facts.orgSource}): ` +
      `use --org ${own}, or a token of organization ${facts.orgId}`
    );
  }
  if (status === 401 && facts.tokenProblem) {
    return `the token (from ${facts.tokenSource}) is malformed: ${facts.tokenProblem}; copy the whole access token from the dashboard`;
  }
  const expiry = facts.expiresAt;
  if (status === 401 && ((expiry !== undefined && expiry <= now) || /expired/i.test(message))) {
    const login = `\`secscan auth login --profile ${facts.profile}\``;
    return facts.tokenSource.startsWith('profile ')
      ? `the token has expired: log in again: ${login}`
      : `the token in ${facts.tokenSource} has expired: set a new one (while it is set, no profile's token is used)`;
  }
  return undefined;
}

/** The error with the settings' hint, when they have one. */
export function withAuthHint(error: unknown, facts: TokenFacts | undefined): unknown {
  if (!facts || !(error instanceof AuthError) || error.status === undefined) return error;
  const hint = authHint(error.status, error.message, facts);
  if (!hint) return error;
  return new AuthError(error.message, error.exitCode, error.status, error.body, hint);
}
