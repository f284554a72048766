import type { AutofixFix } from '@secscan/api/schemas/autofix';
import type { ApiClient } from '../api/client.js';
import { CliError, ExitCode, NotReadyError } from '../errors.js';
import type { Clock } from '../util/clock.js';

/**
 * AutoFix as the vendor's own clients drive it, on paths outside the public v4 document: ask for a finding's
 * fix (RequestFindingFix), wait while it is pending (ListBranchFixes, the fixes of the app's branch), read
 * it once ready (its unified patch). For `findings autofix` and the MCP server alike.
 */

export interface FixTarget {
  app: string;
  findingId: string;
}

export type { AutofixFix };

/** Asks AutoFix for the finding's fix (the one asked for before, if any): pending, or ready with its patch. */
export async function requestFix(client: ApiClient, target: FixTarget): Promise<AutofixFix> {
  return client.call('RequestFindingFix', { path: { appID: target.app, findingID: target.findingId } });
}

/** The fixes AutoFix made or is making for an app's branch. */
export async function branchFixes(client: ApiClient, app: string, branch: string): Promise<AutofixFix[]> {
  return (await client.call('ListBranchFixes', { path: { appID: app, branch } })).fixes;
}

export interface FixWait {
  clock: Clock;
  signal?: AbortSignal | undefined;
  /** How long to wait for a pending fix; 0: look once. */
  waitMs: number;
  /** Told each time the fix is still pending, with how long it has waited. */
  onPending?: (waitedMs: number) => void;
}

/** Polls start a second apart and back off to 10 s (with jitter), never past the end of the wait. */
const firstDelayMs = 1_000;
const maxDelayMs = 10_000;

/** AutoFix said it could not make the fix (`failed`): the service's refusal, exit 6. */
export class FixFailedError extends CliError {
  constructor(message: string) {
    super(message, ExitCode.rejected, 'AUTOFIX_FAILED');
  }
}

/**
 * The finding's fix once it is ready, looking at the branch's fixes until it is (or the wait runs out: exit
 * 10, a rerun may succeed). A fix AutoFix reports `failed` is exit 6. The process sleeps between looks.
 */
export async function waitForFix(
  client: ApiClient,
  target: FixTarget & { branch: string },
  wait: FixWait,
): Promise<AutofixFix> {
  const start = wait.clock.now();
  for (let attempt = 0; ; attempt++) {
    const fix = (await branchFixes(client, target.app, target.branch)).find(
      (f) => f.finding_id === target.findingId,
    );
    if (fix?.status === 'ready') return fix;
    if (fix?.status === 'failed') {
      throw new FixFailedError(
        `AutoFix could not make a fix for finding ${target.findingId} of ${target.app}`,
      );
    }
    const waited = wait.clock.now() - start;
    const left = wait.waitMs - waited;
    if (left <= 0) {
      throw new NotReadyError(
        `the fix of finding ${target.findingId} of ${target.app} is not ready${wait.waitMs ? ` after waiting ${Math.round(wait.waitMs / 1000)}s` : ''}: AutoFix is still making it`,
        { hint: 'wait for it with --wait DURATION (e.g. --wait 5m), or run the same command again later' },
      );
    }
    wait.onPending?.(waited);
    const ceiling = Math.min(maxDelayMs, firstDelayMs * 2 ** Math.min(attempt, 4));
    const delay = Math.max(250, Math.round(ceiling * (0.5 + wait.clock.random() / 2)));
    await wait.clock.sleep(Math.min(left, delay), wait.signal);
  }
}
