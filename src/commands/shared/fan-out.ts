import type { ApiClient } from '../../api/client.js';
import type { Scheduler } from '../../api/scheduler.js';
import type { Context } from '../../context.js';
import { parsed } from '../define.js';
import { int } from '../parsers.js';

/** `--concurrency N` of the commands that send a request or more per app or team. */
export const concurrencyOption = parsed(
  '--concurrency <n>',
  'requests in flight at most, 1 to 64 (default 4); halved while the service throttles (429, 503), then grown back; Retry-After and RateLimit headers are honoured',
  int(1, 64),
);

/** The client with a scheduler: every request of the run from now on waits for a start from it. */
export async function fanOut(
  ctx: Context,
  concurrency: number | undefined,
): Promise<{ client: ApiClient; scheduler: Scheduler }> {
  const [client, { Scheduler, defaultConcurrency }] = await Promise.all([
    ctx.client(),
    import('../../api/scheduler.js'),
  ]);
  const scheduler = new Scheduler({
    concurrency: concurrency ?? defaultConcurrency,
    signal: ctx.signal,
    log: (line) => ctx.debug(line),
  });
  client.useScheduler(scheduler);
  return { client, scheduler };
}
