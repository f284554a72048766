import { NotFoundError } from '../../../errors.js';

/** Rethrows a not-found answer with a hint of what to do next; anything else as it came. */
export function rethrowNotFound(error: unknown, hint: string): never {
  if (error instanceof NotFoundError && !error.hint) {
    throw new NotFoundError(error.message, error.exitCode, error.status ?? 404, error.body, hint);
  }
  throw error;
}

export const linkHint = (app: string) =>
  `link it with \`secscan integrations board link ${app} --board-org ORG --project PROJECT\``;
