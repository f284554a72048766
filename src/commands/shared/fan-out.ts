import type { ApiClient } from '../../api/client.js';
import type { Scheduler } from '../../api/scheduler.js';
import type { Context } from '../../context.js';
import { showsProgress } from '../../streams/progress-rules.js';
import { parsed } from '../define.js';
import { int } from '../parsers.js';

/** `--concurrency N` of the commands that send a request or more per app or team. */
export const concurrencyOption = parsed(
  '--concurrency <n>',
  'requests in flight at most, 1 to 64 (default 4); halved while the service throttles (429, 503), then grown back; Retry-After and RateLimit headers are honoured',
  int(1, 64),
);

/**
 * The client with a scheduler: every request of the run from now on waits for a start from it. A wait the
 * service asks for past --max-retry-wait refuses the start (exit 7), the run's retry budget ends a run the
 * service keeps throttling, and the first failure of a round (`scheduler.map`) stops the round's other
 * requests at once, waiting or in flight (`scheduler.signal`, `scheduler.stop`: a caller that owns the run,
 * the MCP server, stops it the same way).
 */
export async function fanOut(
  ctx: Context,
  concurrency: number | undefined,
): Promise<{ client: ApiClient; scheduler: Scheduler }> {
  const [client, { Scheduler, defaultConcurrency, runBudget }] = await Promise.all([
    ctx.client(),
    import('../../api/scheduler.js'),
  ]);
  const scheduler = new Scheduler({
    concurrency: concurrency ?? defaultConcurrency,
    signal: ctx.signal,
    log: (line) => ctx.debug(line),
    notice: (line) => ctx.note(line),
    maxWaitMs: ctx.maxRetryWaitMs,
    budget: runBudget(ctx.retries),
  });
  client.useScheduler(scheduler);
  return { client, scheduler };
}

/**
 * Runs the work of a whole-organization command with a progress line on stderr when one may show
 * (`showsProgress`): the items of each round of the scheduler's work done of those given (`units`: what they
 * are, singular, round by round), requests, their rate, the time left, throttling; nothing for work done
 * within a second, and the line cleared at the end. Otherwise the spinner, as before. The line's code is
 * loaded only when it shows.
 */
export async function withProgress<T>(
  ctx: Context,
  label: string,
  units: readonly string[],
  scheduler: Scheduler,
  work: () => Promise<T>,
): Promise<T> {
  if (!showsProgress(ctx)) return ctx.spin(label, work);
  const { workLine } = await import('../../streams/progress-line.js');
  const line = workLine(
    ctx.io.stderr as NodeJS.WritableStream & { columns?: number },
    label,
    units,
    scheduler,
  );
  // A warning meanwhile goes above the line.
  ctx.notices.around = { before: () => line.clear(), after: () => line.redraw() };
  try {
    return await work();
  } finally {
    line.stop();
    scheduler.onChange = undefined;
    ctx.notices.around = undefined;
  }
}
