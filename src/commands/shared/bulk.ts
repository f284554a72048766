import { ApiError, CliError, UsageError } from '../../errors.js';

/**
 * Writes sent a group at a time, for the commands that change many findings (`findings status`, `findings
 * assign`, `ignores sync`): after the first failure nothing more is sent, and each finding ends done,
 * failed, unknown or not sent, so a run that stops part-way can say what changed and what did not.
 */

/** What became of each finding of a bulk change. */
export type Outcome = 'done' | 'failed' | 'unknown' | 'not sent';

export interface BulkRun {
  outcomes: Map<string, Outcome>;
  /** The first failure: nothing was sent after it. */
  error: CliError | undefined;
}

/** A refusal (a 4xx but 408 and 429) applied nothing; anything else (a lost answer) may have. */
function refused(error: unknown): boolean {
  const status = error instanceof ApiError ? error.status : undefined;
  return (
    error instanceof UsageError ||
    (status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429)
  );
}

/**
 * Sends each group of ids (one request a group, `limit` at a time). After the first failure no group is
 * sent; those in flight finish. Each id ends done, failed, unknown or not sent, so a run that stops part-way
 * can say what changed and what did not.
 */
export async function applyGroups(
  groups: readonly string[][],
  limit: number,
  send: (group: string[]) => Promise<unknown>,
): Promise<BulkRun> {
  const outcomes = new Map<string, Outcome>(groups.flat().map((id) => [id, 'not sent']));
  let error: unknown;
  let next = 0;
  const worker = async () => {
    while (error === undefined && next < groups.length) {
      const group = groups[next++] as string[];
      try {
        await send(group);
        for (const id of group) outcomes.set(id, 'done');
      } catch (e) {
        error ??= e;
        for (const id of group) outcomes.set(id, refused(e) ? 'failed' : 'unknown');
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, groups.length) }, worker));
  if (error !== undefined && !(error instanceof CliError)) throw error;
  return { outcomes, error: error as CliError | undefined };
}
