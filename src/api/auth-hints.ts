import { AuthError, TransientError } from '../errors.js';
import { isLoopback } from '../util/loopback.js';
import { errorCode, networkHint } from './wire.js';

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

/**
 * A refused connection to a loopback address says what is not running, not to check proxies: a profile's
 * loopback address is a sandbox's (`secscan sandbox --profile NAME` writes it, on a new port each start).
 */
export function unreachableHint(origin: string, facts: TokenFacts | undefined): string | undefined {
  const source = facts?.baseUrlSource;
  if (!facts || !source || !isLoopback(new URL(origin).hostname)) return undefined;
  if (source === `profile ${facts.profile}`) {
    return `the sandbox of profile ${facts.profile} is not running (nothing listens on ${origin}): start it with \`secscan sandbox --profile ${facts.profile}\``;
  }
  return `nothing listens on ${origin} (from ${source}): start the sandbox there, or check the base URL`;
}

/**
 * A connection refused (ECONNREFUSED) with the settings' hint instead of the proxies', when they have one (a
 * write that may have been applied keeps its own).
 */
export function withUnreachableHint(error: unknown, origin: string, facts: TokenFacts | undefined): unknown {
  if (!(error instanceof TransientError) || error.hint !== networkHint) return error;
  if (errorCode(error.cause) !== 'ECONNREFUSED') return error;
  const hint = unreachableHint(origin, facts);
  return hint ? new TransientError(error.message, { cause: error.cause, hint }) : error;
}
