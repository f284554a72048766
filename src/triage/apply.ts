import { ApiError, CliError, UsageError } from '../errors.js';

/**
 * Writes sent a group at a time, for the commands that change many findings (`findings status`, `findings
 * assign`, `ignores sync`): after the first failure nothing more is sent, and each finding ends done,
 * failed, unknown or not sent, so a run that stops part-way can say what changed and what did not.
 */

/** What became of each finding of a bulk change. */
export type Outcome = 'done' | 'failed' | 'unknown' | 'not sent';

export interface BulkRun<T = string> {
  /** What became of each item (a finding id, or a finding). */
  outcomes: Map<T, Outcome>;
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
 * Sends each group (one request a group, `limit` at a time). After the first failure no group is sent;
 * those in flight finish. Each item ends done, failed, unknown or not sent, so a run that stops part-way can
 * say what changed and what did not; `settled` hears of each group as its answer arrives.
 */
export async function applyGroups<T>(
  groups: readonly T[][],
  limit: number,
  send: (group: T[]) => Promise<unknown>,
  settled?: (group: T[], outcome: Outcome) => void,
): Promise<BulkRun<T>> {
  const outcomes = new Map<T, Outcome>(groups.flat().map((item) => [item, 'not sent']));
  let error: unknown;
  let next = 0;
  const worker = async () => {
    while (error === undefined && next < groups.length) {
      const group = groups[next++] as T[];
      let outcome: Outcome = 'done';
      try {
        await send(group);
      } catch (e) {
        error ??= e;
        outcome = refused(e) ? 'failed' : 'unknown';
      }
      for (const item of group) outcomes.set(item, outcome);
      settled?.(group, outcome);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, groups.length) }, worker));
  if (error !== undefined && !(error instanceof CliError)) throw error;
  return { outcomes, error: error as CliError | undefined };
}
