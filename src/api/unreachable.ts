import { TransientError } from '../errors.js';
import { isLoopback } from '../util/loopback.js';
import type { TokenFacts } from './auth-hints.js';
import { errorCode, networkHint } from './wire.js';

/**
 * A refused connection to a loopback address says what is not running, not to check proxies: a profile's
 * loopback address is a sandbox's (`secscan sandbox --profile NAME` writes it, on a new port each start). A
 * refused connection sent nothing, so it stays safe to retry, as the proxies' hint says.
 */
export function unreachableHint(origin: string, facts: TokenFacts | undefined): string | undefined {
  const source = facts?.baseUrlSource;
  if (!facts || !source || !isLoopback(new URL(origin).hostname)) return undefined;
  if (source === `profile ${facts.profile}`) {
    return `the sandbox of profile ${facts.profile} is not running (nothing listens on ${origin}): start it with \`secscan sandbox --profile ${facts.profile}\`; nothing was sent, safe to retry`;
  }
  return `nothing listens on ${origin} (from ${source}): start the sandbox there, or check the base URL; nothing was sent, safe to retry`;
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
