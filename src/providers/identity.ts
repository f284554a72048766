import { AuthError, NotFoundError, UnexpectedResponseError } from '../errors.js';
import type { Identity } from './types.js';

/** The user's id in a "who am I" answer (a number or text), or the answer is unreadable (exit 8). */
export function idOf(value: unknown, what: string): string {
  const id = authorOf(value);
  if (id === undefined) throw new UnexpectedResponseError(`${what}: the answer names no user (no id)`);
  return id;
}

/** A comment's author id from a listing row's field, as text; undefined when it is none. */
export function authorOf(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (typeof value === 'string' && value.trim() !== '') return value.trim().toLowerCase();
  return undefined;
}

/**
 * The token's user, by `ask`. A refusal (403, 404: a token the provider does not tell who it is) is an
 * identity that cannot be known, saying why; anything else (401, the provider down, an answer of the wrong
 * shape) is thrown as it is.
 */
export async function identity(what: string, ask: () => Promise<Identity>): Promise<Identity> {
  try {
    return await ask();
  } catch (error) {
    if ((error instanceof AuthError && error.status === 403) || error instanceof NotFoundError) {
      return { unknown: `${what} was refused (HTTP ${error.status})` };
    }
    throw error;
  }
}
