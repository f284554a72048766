import { setMaxListeners } from 'node:events';
import { anySignal } from '../util/any-signal.js';
import { readRateHeaders } from './rate-headers.js';
import {
  boundedWait,
  defaultMaxRetryWaitMs,
  parseRetryAfter,
  maxThrottledRetries,
  sleep as defaultSleep,
} from './retry.js';
import { type WaitCause, waitNotice, waitRefused } from './waits.js';

export { maxThrottledRetries } from './retry.js';

/** The default number of requests a fan-out command keeps in flight. */
export const defaultConcurrency = 4;

type Headers = Readonly<Record<string, string | string[] | undefined>>;

export interface SchedulerOptions {
  /** Requests in flight at most (the ceiling the adaptive limit grows back to). */
  concurrency: number;
  signal?: AbortSignal | undefined;
  /** A line per decision worth a --debug reader's attention (throttled, pausing). */
  log?: ((line: string) => void) | undefined;
  /**
   * A line for the person running the command (stderr): told once of each wait of the service's asking (a
   * Retry-After, a spent window, the quota's pace) of `noticeMs` or more, saying when it ends.
   */
  notice?: ((line: string) => void) | undefined;
  /**
   * The longest wait for a start the service may ask for (`--max-retry-wait`, 60 s by default): a start its
   * Retry-After, its spent window or its quota's pace would put further away is refused at once (exit 7,
   * saying when), never slept on.
   */
  maxWaitMs?: number | undefined;
  /**
   * The run's retry budget: throttled answers (429, 503) the run may get in a row, with no success between,
   * before the next one ends it (`runBudget`). Answers to requests that were already in flight when the
   * run was last throttled count once with it: they tell nothing new of the service.
   */
  budget?: number | undefined;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** What the scheduler made of an answer. */
export interface Verdict {
  /** 429, or 503 (the service shedding load): retry once the scheduler lets the request start again. */
  throttled: boolean;
  /** Throttled, and the run's retry budget is spent: the request fails now, and with it the run. */
  spent: boolean;
  /** The throttled answers counted in a row against the run's budget (0 after a success). */
  inARow: number;
}

/**
 * The run's retry budget with `retries` (`--retries`): the throttled answers one request may wait out under
 * a scheduler (`maxThrottledRetries`) and its retries besides, spent by the whole run. A service that sheds
 * all load ends a fan-out of any size in about the time one request's retries take.
 */
export function runBudget(retries: number): number {
  return maxThrottledRetries + retries;
}

/** Waits of the service's asking at least this long are told of (`notice`). */
const noticeMs = 5_000;

const backoffBaseMs = 500;
const backoffMaxMs = 20_000;
/** The slowest pace throttling brings the starts to: one a second. */
const maxGapMs = 1000;

/**
 * One client-side scheduler for the commands that fan out (per app, per team): every request of the run
 * asks it for a start. It keeps at most `concurrency` requests in flight and adapts as the AWS CLI's
 * adaptive retry mode does: a throttled answer (429, or 503) halves both the requests in flight and the
 * rate of starts, and each success grows them back slowly. It honours `Retry-After` (no request of the run
 * starts before it), and the rate-limit headers when the service sends them: the quota policy paces the
 * starts (`q` requests per `w` seconds), and a window with nothing left waits for its reset.
 */
export class Scheduler {
  readonly max: number;
  private limit: number;
  private inFlight = 0;
  private readonly queue: (() => void)[] = [];
  /** Settles when the request that asked for a start last has been given one (or left): the next one's turn. */
  private turn: Promise<void> = Promise.resolve();
  /** No request starts before this time (Retry-After, a spent window, a backoff), and why. */
  private notBefore = 0;
  private notBeforeCause: WaitCause = { kind: 'backoff' };
  /** The last quota policy read, for messages. */
  private policy: { limit: number; windowSeconds: number } | undefined;
  /** The least time between two starts: the policy's, and the adaptive one after throttling. */
  private policyGapMs = 0;
  private adaptiveGapMs = 0;
  private nextStart = 0;
  /** Requests left in the service's current window, and when it resets (when the service says). */
  private remaining: number | undefined;
  private resetAt = 0;
  private readonly starts: number[] = [];
  private throttles = 0;
  /** Throttled answers counted against the run's budget since its last success, and when the last came. */
  private spentBudget = 0;
  private lastCountedAt = Number.NEGATIVE_INFINITY;
  /** The end of the last wait told of (`notice`). */
  private announced = 0;
  /** Aborted to stop the run's work: by its signal, or by `stop` (a round of `map` that failed). */
  private stopper = listenedBy();
  /**
   * What the run has done so far, for a progress line to read (src/streams/progress-line.ts), never to
   * write: requests started; the rounds of `map` begun and the items of the current one, done and given;
   * until when no request starts after a throttled answer, and when the last one came (Date.now, 0: none).
   */
  readonly counts = { requests: 0, phase: 0, done: 0, total: 0, waitUntil: 0, throttledAt: 0 };
  /** Told each time the counts change (a start, an item done, a throttled answer). */
  onChange: (() => void) | undefined;
  private readonly options: SchedulerOptions;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;

  constructor(options: SchedulerOptions) {
    this.max = Math.max(1, Math.floor(options.concurrency));
    this.limit = this.max;
    this.options = options;
    this.sleep = options.sleep ?? defaultSleep;
    const given = options.signal;
    if (given?.aborted) this.stopper.abort(given.reason);
    else given?.addEventListener('abort', () => this.stopper.abort(given.reason), { once: true });
  }

  /**
   * Aborts when the run's signal does, or when its work is stopped (`stop`): every request under the
   * scheduler listens on it, in flight (the transport) or waiting for a start, so nothing of a stopped run
   * keeps the process alive (a timer of a day, a socket held open by the service).
   */
  get signal(): AbortSignal {
    return this.stopper.signal;
  }

  /**
   * Stops every request of the run with `reason`: those waiting for a start, those in flight, and their
   * retries' sleeps. `map` does it at its first failure; a caller that owns the run (the MCP server, a
   * command ending early) may too. `resume` lets requests start again.
   */
  stop(reason: unknown): void {
    if (!this.stopper.signal.aborted) this.stopper.abort(reason);
  }

  /** After `stop`: requests may start again (unless the run's own signal has aborted). */
  resume(): void {
    if (this.stopper.signal.aborted && !this.options.signal?.aborted) this.stopper = listenedBy();
  }

  private get maxWaitMs(): number {
    return this.options.maxWaitMs ?? defaultMaxRetryWaitMs;
  }

  /** Requests allowed in flight now (at least one). */
  get concurrency(): number {
    return Math.max(1, Math.floor(this.limit));
  }

  /** The least time between two starts now, in milliseconds (0: unpaced). */
  get gapMs(): number {
    return Math.max(this.policyGapMs, this.adaptiveGapMs);
  }

  /**
   * Waits for a slot and for the pace; the returned function gives the slot back. Starts are given in the
   * order they were asked for: a listing asks for the page it reads next before the one after it, and a
   * later request that woke first would make it wait a whole gap more (at 25 requests a second, a listing
   * whose pages took turns that way ran at 21). `signal` cancels this request alone (a page asked for ahead
   * and no longer needed): it leaves its turn without a start, and those after it keep theirs. A start the
   * service would have wait longer than `maxWaitMs` is refused: a `RetryLaterError` naming `context` (the
   * operation) and when the service would take it.
   */
  async acquire(signal?: AbortSignal, context = 'the request'): Promise<() => void> {
    const before = this.turn;
    let next!: () => void;
    this.turn = new Promise<void>((resolve) => (next = resolve));
    try {
      await before;
      return await this.waitForStart(signal, context);
    } finally {
      next();
    }
  }

  private async waitForStart(signal: AbortSignal | undefined, context: string): Promise<() => void> {
    const { signal: stop, release } = anySignal([signal, this.signal]);
    try {
      let due: number | undefined;
      for (;;) {
        if (stop?.aborted) throw stop.reason;
        if (this.inFlight >= this.concurrency) {
          await this.slotFreed(stop);
          continue;
        }
        const now = Date.now();
        const { at, cause } = this.startAt(now);
        if (at > now) {
          const wait = at - now;
          if (cause.kind !== 'backoff' && wait > this.maxWaitMs) {
            throw waitRefused(context, cause, new Date(at), wait, this.maxWaitMs);
          }
          if (cause.kind !== 'backoff' && wait >= noticeMs && Math.abs(at - this.announced) >= 1000) {
            this.announced = at;
            this.options.notice?.(waitNotice(cause, new Date(at), wait));
          }
          due = at;
          await this.sleep(wait, stop);
          continue;
        }
        this.start(now, due);
        let released = false;
        return () => {
          if (released) return;
          released = true;
          this.inFlight--;
          this.wake();
        };
      }
    } finally {
      release();
    }
  }

  /** Resolves when a request in flight gives its slot back (or `signal` aborts: rejects with its reason). */
  private slotFreed(signal: AbortSignal | undefined): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const wake = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      const onAbort = () => {
        const at = this.queue.indexOf(wake);
        if (at !== -1) this.queue.splice(at, 1);
        reject(signal?.reason);
      };
      if (signal?.aborted) return reject(signal.reason);
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(wake);
    });
  }

  /** When the next start may be, and what holds it back (the latest of the reasons). */
  private startAt(now: number): { at: number; cause: WaitCause } {
    let at = this.notBefore;
    let cause = this.notBeforeCause;
    if (this.nextStart > at) {
      at = this.nextStart;
      // The pace is the service's when its policy sets it, the scheduler's own after throttling.
      cause =
        this.policy && this.policyGapMs >= this.adaptiveGapMs
          ? { kind: 'policy', ...this.policy }
          : { kind: 'backoff' };
    }
    if (this.remaining !== undefined) {
      if (now >= this.resetAt) this.remaining = undefined;
      else if (this.remaining <= 0 && this.resetAt > at) {
        at = this.resetAt;
        cause = { kind: 'window' };
      }
    }
    return { at, cause };
  }

  /**
   * The time from this start to the next. The policy's gap, but when the service says what its window has
   * left and when it resets, that (this start's included) spread over the time left if it is shorter: a run
   * that fell behind the pace (a page that took long to write) catches up within the window instead of
   * leaving its quota unused, and never starts more than the window has left. (5,000 apps at 50/s, the
   * listing about as fast as the limit: 8.9 s against a 7.7 s floor with the policy's gap alone.)
   */
  private paceGap(now: number): number {
    let gap = this.policyGapMs;
    if (this.remaining !== undefined && this.remaining > 0 && now < this.resetAt) {
      gap = Math.min(gap, (this.resetAt - now) / this.remaining);
    }
    return Math.max(gap, this.adaptiveGapMs);
  }

  /** `due`: the time the start waited for, when it had to. */
  private start(now: number, due: number | undefined): void {
    this.inFlight++;
    const gap = this.paceGap(now);
    if (this.remaining !== undefined) this.remaining--;
    // Starts keep to a schedule of one per gap: a start that waited for its time and came late (a timer
    // fires late on a loaded machine) does not push back every start after it, or the run would keep below
    // the pace it is allowed (at 50/s with 20 ms timers firing 5 ms late, 40/s). At most a gap is made up,
    // and only by a start that waited: after a pause, the next start still waits a whole gap.
    this.nextStart = (due === undefined ? now : Math.max(due, now - gap)) + gap;
    this.starts.push(now);
    this.counts.requests++;
    this.onChange?.();
    while (this.starts.length && (this.starts[0] as number) <= now - 1000) this.starts.shift();
  }

  private wake(): void {
    const waiting = this.queue.splice(0, Math.max(0, this.concurrency - this.inFlight));
    for (const resolve of waiting) resolve();
  }

  /**
   * Reads an answer: the rate-limit headers, and whether it was throttled. `startedAt`: when its request
   * started (undefined: unknown; a throttled answer then counts against the budget as new).
   */
  observe(status: number, headers: Headers, startedAt?: number): Verdict {
    const now = Date.now();
    const info = readRateHeaders(headers, now);
    const { limit, windowSeconds } = info;
    const before = this.policyGapMs;
    const learned = limit !== undefined && windowSeconds !== undefined && limit > 0;
    if (learned) {
      this.policyGapMs = (windowSeconds * 1000) / limit;
      this.policy = { limit, windowSeconds };
    }
    if (info.remaining !== undefined && info.resetSeconds !== undefined) {
      // Requests started since this one was answered are not counted in it yet (none when the answer is
      // read by a scheduler installed after it: a listing's first page).
      this.remaining = info.remaining - Math.max(0, this.inFlight - 1);
      this.resetAt = now + boundedWait(info.resetSeconds * 1000, now);
    }
    // A policy learned (or slower than the one known) paces the very next start, not the one after it: the
    // start of a quota of 1 request per 100,000 s is not taken at once because the last one was unpaced.
    const lastStart = this.starts.at(-1) ?? startedAt;
    if (learned && this.policyGapMs > before && lastStart !== undefined) {
      this.nextStart = Math.max(this.nextStart, lastStart + this.paceGap(now));
    }
    const throttled = status === 429 || status === 503;
    if (!throttled) {
      this.throttles = 0;
      if (status < 500) {
        this.spentBudget = 0;
        this.grow();
      }
      return { throttled, spent: false, inARow: 0 };
    }
    // A request sent before the run last learned it was throttled tells nothing new: it counts with that.
    if (startedAt === undefined || startedAt > this.lastCountedAt) {
      this.spentBudget++;
      this.lastCountedAt = now;
    }
    const spent = this.spentBudget > (this.options.budget ?? Number.POSITIVE_INFINITY);
    this.throttles++;
    this.limit = Math.max(1, this.limit / 2);
    // Half the rate of the last second's starts: twice the time between two.
    const rate = Math.max(this.max, this.starts.filter((t) => t > now - 1000).length);
    this.adaptiveGapMs = Math.min(maxGapMs, Math.max(this.adaptiveGapMs * 2, 2000 / rate));
    const retryAfter = parseRetryAfter(headerText(headers['retry-after']), now);
    const fromWindow =
      info.remaining === 0 && info.resetSeconds !== undefined
        ? boundedWait(info.resetSeconds * 1000, now)
        : undefined;
    const wait =
      retryAfter ??
      fromWindow ??
      Math.min(backoffMaxMs, backoffBaseMs * 2 ** Math.min(10, this.throttles - 1));
    if (now + wait > this.notBefore) {
      this.notBefore = now + wait;
      this.notBeforeCause =
        retryAfter !== undefined
          ? { kind: 'retry-after', status }
          : fromWindow !== undefined
            ? { kind: 'window', status }
            : { kind: 'backoff' };
    }
    this.counts.waitUntil = this.notBefore;
    this.counts.throttledAt = now;
    this.onChange?.();
    this.options.log?.(
      `! HTTP ${status}: throttled; ${this.concurrency} request(s) in flight at most, ` +
        `${Math.round(this.gapMs)} ms between starts, none before ${wait} ms` +
        (spent ? `; ${this.spentBudget} throttled answers in a row: the run's retry budget is spent` : ''),
    );
    return { throttled, spent, inARow: this.spentBudget };
  }

  /** Additive increase: about one more request in flight per full round of successes. */
  private grow(): void {
    this.limit = Math.min(this.max, this.limit + 1 / this.limit);
    if (this.adaptiveGapMs > 0) {
      this.adaptiveGapMs *= 0.9;
      if (this.adaptiveGapMs < 1) this.adaptiveGapMs = 0;
    }
    this.wake();
  }

  /**
   * Runs `work` over `items`, results in the order of the items: as many tasks at a time as requests may
   * be in flight (every request still asks for its start). The first failure stops the round (`stop`): no
   * new task, and the others' requests aborted, waiting or in flight; once every task has ended, it is
   * thrown, and requests may start again. Each call is a round of the counts: its items done of those given.
   */
  async map<T, R>(items: readonly T[], work: (item: T, index: number) => Promise<R>): Promise<R[]> {
    const out: R[] = new Array(items.length);
    const counts = this.counts;
    counts.phase++;
    counts.done = 0;
    counts.total = items.length;
    this.onChange?.();
    let next = 0;
    let failure: { error: unknown } | undefined;
    const worker = async () => {
      while (!failure && next < items.length) {
        const i = next++;
        try {
          out[i] = await work(items[i] as T, i);
          counts.done++;
          this.onChange?.();
        } catch (error) {
          if (failure) return;
          failure = { error };
          this.stop(error);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.max, items.length) }, worker));
    if (failure) {
      this.resume();
      throw failure.error;
    }
    return out;
  }
}

/**
 * A controller whose signal every request in flight and every wait for a start listens on: past 10, Node
 * would print a MaxListenersExceededWarning (a leak it is not) on stderr.
 */
function listenedBy(): AbortController {
  const controller = new AbortController();
  setMaxListeners(0, controller.signal);
  return controller;
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
