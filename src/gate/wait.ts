import type { EngineContext } from '../factory.js';
import { ApiError, CliError, ExitCode, NotReadyError, ScanFailedError, TransientError } from '../errors.js';
import { parseRetryAfter } from '../api/retry.js';
import { sanitizeLine } from '../streams/sanitize.js';
import type { Clock } from '../util/clock.js';
import type { FoundScan } from './scan-under-test.js';

/** Polls start about 2 s apart and back off to 30 s (full jitter), never closer than half a second. */
const firstDelayMs = 2_000;
const maxDelayMs = 30_000;
const minDelayMs = 500;
/** In a CI log (stderr not a terminal), one progress line a minute. */
const lineEveryMs = 60_000;

export interface WaitEnv {
  clock: Clock;
  signal: AbortSignal;
  stderr: NodeJS.WritableStream;
  /** A live line (stderr is a terminal), a line a minute (a CI log), or nothing (--quiet). */
  progress: 'live' | 'lines' | 'none';
  debug(line: string): void;
}

export interface WaitRequest {
  /** How messages name the scan: `the scan of 4f2a9c1 on shop`. */
  label: string;
  /** How long to wait for it; undefined: look once. */
  waitMs: number | undefined;
  /**
   * Looks for the scan once (undefined: not there yet). `deadline` (on the clock; none without `waitMs`):
   * its requests' retries never sleep past it.
   */
  poll(deadline: number | undefined): Promise<FoundScan | undefined>;
  /** Where to look at a scan that failed: `see ...`. */
  failedHint(scan: FoundScan): string;
}

export function waitEnv(ctx: EngineContext): WaitEnv {
  const columns = (ctx.io.stderr as { columns?: number }).columns ?? 0;
  const live = ctx.stderrIsTTY && columns > 0 && ctx.env.TERM !== 'dumb' && !ctx.debugEnabled;
  return {
    clock: ctx.clock,
    signal: ctx.signal,
    stderr: ctx.io.stderr,
    progress: ctx.globals.quiet ? 'none' : live ? 'live' : 'lines',
    debug: (line) => ctx.debug(line),
  };
}

/** `45s`, `2m10s`, `1h5m`: how long, as people say it. */
export function formatDuration(ms: number): string {
  const total = Math.floor(ms / 1000);
  const [h, m, s] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  if (h) return `${h}h${m ? `${m}m` : ''}`;
  if (m) return `${m}m${s ? `${s}s` : ''}`;
  return `${s}s`;
}

function isTransient(error: unknown): error is CliError {
  return error instanceof CliError && error.exitCode === ExitCode.transient;
}

/**
 * Waits until the scan under test exists and has ended: resolves with it once completed; a failed scan is
 * exit 11; one that is not there or not finished when the wait runs out (at once without `waitMs`) is exit
 * 10. Polls back off with full jitter and honour a `Retry-After`; a transient failure is polled through until
 * the wait runs out. The process sleeps between polls (a wait costs next to no CPU).
 */
export async function waitForScan(env: WaitEnv, request: WaitRequest): Promise<FoundScan> {
  const { clock, signal } = env;
  const start = clock.now();
  const waitMs = request.waitMs;
  const deadline = start + (waitMs ?? 0);
  const label = sanitizeLine(request.label, 200);
  let status = 'not there yet';
  let nextLine = start;
  let shown = false;
  const line = () => `waiting for ${label}: ${status}, ${formatDuration(clock.now() - start)}`;
  const show = () => {
    if (env.progress === 'live') {
      env.stderr.write(`\r\x1b[2K${line()}`);
      shown = true;
    } else if (env.progress === 'lines' && clock.now() >= nextLine) {
      env.stderr.write(`${line()}\n`);
      while (nextLine <= clock.now()) nextLine += lineEveryMs;
    }
  };
  /** Sleeps `ms`, waking to redraw the live line each second or to write the line of each minute. */
  const pause = async (ms: number) => {
    const end = clock.now() + ms;
    for (let now = clock.now(); now < end; now = clock.now()) {
      const tick =
        env.progress === 'live'
          ? 1000 - ((now - start) % 1000)
          : env.progress === 'lines'
            ? Math.max(1, nextLine - now)
            : end - now;
      await clock.sleep(Math.min(end - now, tick), signal);
      show();
    }
  };
  try {
    for (let attempt = 0; ; attempt++) {
      let scan: FoundScan | undefined;
      let failure: CliError | undefined;
      try {
        scan = await request.poll(waitMs === undefined ? undefined : deadline);
      } catch (error) {
        if (waitMs === undefined || !isTransient(error)) throw error;
        failure = error;
      }
      if (scan?.state === 'completed') return scan;
      if (scan?.state === 'failed') {
        throw new ScanFailedError(
          `${withId(label, scan)} failed: the analysis did not complete, so there is nothing to evaluate`,
          { hint: request.failedHint(scan) },
        );
      }
      const now = clock.now();
      const left = deadline - now;
      const retryAfter =
        failure instanceof ApiError ? parseRetryAfter(failure.retryAfter, Date.now()) : undefined;
      if (retryAfter !== undefined && retryAfter > left) {
        throw new TransientError(
          /asks to be retried at/.test(failure?.message ?? '')
            ? `${failure?.message} (in ${formatDuration(retryAfter)}), after the wait runs out`
            : `${failure?.message}; the service asked to be asked again in ${formatDuration(retryAfter)}, after the wait runs out`,
          { status: failure?.status, hint: 'run again later, or wait longer (--wait)', cause: failure },
        );
      }
      if (left <= 0) {
        if (failure) throw failure;
        throw notReady(label, scan, waitMs);
      }
      status = failure
        ? `${failure.status ? `the service answered HTTP ${failure.status}` : 'no answer from the service'}, retrying`
        : scan
          ? 'running'
          : 'not there yet';
      const ceiling = Math.min(maxDelayMs, firstDelayMs * 2 ** Math.min(attempt, 10));
      const delay = Math.min(left, retryAfter ?? Math.max(minDelayMs, Math.round(clock.random() * ceiling)));
      env.debug(
        `wait: ${label}: ${status}; next look in ${delay} ms${retryAfter === undefined ? '' : ' (Retry-After)'}`,
      );
      show();
      await pause(delay);
    }
  } finally {
    if (shown) env.stderr.write('\r\x1b[2K');
  }
}

/** `the scan of 4f2a9c1 on shop (scan 31)`; `scan 31 on shop` names it already. */
function withId(label: string, scan: FoundScan): string {
  return label.startsWith(`scan ${scan.id} `) ? label : `${label} (scan ${scan.id})`;
}

function notReady(label: string, scan: FoundScan | undefined, waitMs: number | undefined): NotReadyError {
  const waited = waitMs === undefined ? '' : ` after waiting ${formatDuration(waitMs)}`;
  const what = scan
    ? `${withId(label, scan)} has not finished${waited}: it is still running`
    : `${label} is not there${waited || ' yet'}`;
  const hint =
    waitMs === undefined
      ? 'wait for it with --wait DURATION (e.g. --wait 20m), or run again later'
      : scan
        ? 'wait longer (--wait), or run again later'
        : 'wait longer (--wait), or check the version or tag the analysis was given';
  return new NotReadyError(what, { hint });
}
