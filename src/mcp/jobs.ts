import { InterruptedError } from '../errors.js';
import { type CallResult, pendingAnswer, type Redact, toResult } from './answer.js';

/** `h-` and 12 hex digits: names the work of a call for await_result (not a secret: the host has it). */
const newHandle = () =>
  `h-${Math.floor(Math.random() * 2 ** 48)
    .toString(16)
    .padStart(12, '0')}`;

/** How often a call that is waiting tells the host it still is (hosts reset their timeout on progress). */
const heartbeatMs = 5_000;

/** Work of a call: it runs on until it ends, whoever waits for it; its result never rejects. */
interface Job {
  handle: string;
  tool: string;
  started: number;
  controller: AbortController;
  result: Promise<CallResult>;
  settled: boolean;
  /** The calls waiting for it, told of each step. */
  watchers: Set<(message: string) => void>;
  /** Dropped this long after it ended if no call takes its result. */
  expiry?: NodeJS.Timeout;
}

/** What a call waiting for work has: its signal (the host's cancellation), and how it tells progress. */
export interface Waiter {
  signal: AbortSignal;
  progress?: ((message: string) => void) | undefined;
}

/**
 * The work of the calls. Each answers within `answerWithinMs` whatever happens: when the work is not done
 * by then, a result that says so with a handle, which `await_result` takes to wait again (the work goes on
 * meanwhile). The host cancelling the call that waits stops the work and its requests.
 */
export class Jobs {
  private readonly byHandle = new Map<string, Job>();

  constructor(
    private readonly answerWithinMs: number,
    private readonly keepMs: number,
    private readonly redact: Redact,
    private readonly log: (line: string) => void,
  ) {}

  /** Starts the work; `step` tells the calls waiting of each step. */
  start(
    tool: string,
    work: (signal: AbortSignal, step: (message: string) => void) => Promise<CallResult>,
  ): Job {
    const controller = new AbortController();
    const job: Job = {
      handle: newHandle(),
      tool,
      started: Date.now(),
      controller,
      settled: false,
      watchers: new Set(),
      result: Promise.resolve() as unknown as Promise<CallResult>,
    };
    const step = (message: string) => {
      for (const watcher of job.watchers) watcher(message);
    };
    job.result = work(controller.signal, step).finally(() => {
      job.settled = true;
      if (controller.signal.aborted) {
        this.log(`${tool}: cancelled by the host; its requests stopped after ${this.seconds(job)} s`);
      }
    });
    this.byHandle.set(job.handle, job);
    return job;
  }

  /** The work a handle names, while it is kept. */
  get(handle: string): Job | undefined {
    return this.byHandle.get(handle);
  }

  private seconds(job: Job): number {
    return Math.round((Date.now() - job.started) / 1000);
  }

  /**
   * Waits for the work's result, at most until the answer is due: then a result with its handle. A call the
   * host cancels stops the work (its requests abort), and nothing is answered for it.
   */
  async wait(job: Job, waiter: Waiter): Promise<CallResult> {
    clearTimeout(job.expiry);
    const tell = waiter.progress;
    if (tell) job.watchers.add(tell);
    const heartbeat = tell
      ? setInterval(() => tell(`working: ${this.seconds(job)} s`), heartbeatMs)
      : undefined;
    let timer: NodeJS.Timeout | undefined;
    const due = new Promise<'due'>((resolve) => {
      timer = setTimeout(() => resolve('due'), this.answerWithinMs);
    });
    const cancelled = new Promise<'cancelled'>((resolve) => {
      if (waiter.signal.aborted) resolve('cancelled');
      waiter.signal.addEventListener('abort', () => resolve('cancelled'), { once: true });
    });
    try {
      const first = await Promise.race([job.result, due, cancelled]);
      if (first === 'cancelled') {
        job.controller.abort(new InterruptedError());
        this.byHandle.delete(job.handle);
        return await job.result;
      }
      if (first === 'due') {
        // Kept for a later call; dropped if none comes for it.
        if (job.settled) return this.take(job);
        job.result.then(() => this.keep(job));
        return toResult(pendingAnswer(job.handle, job.tool, this.seconds(job)), this.redact);
      }
      return this.take(job);
    } finally {
      clearTimeout(timer);
      clearInterval(heartbeat);
      if (tell) job.watchers.delete(tell);
    }
  }

  private take(job: Job): Promise<CallResult> {
    this.byHandle.delete(job.handle);
    clearTimeout(job.expiry);
    return job.result;
  }

  private keep(job: Job): void {
    if (!this.byHandle.has(job.handle) || job.watchers.size) return;
    clearTimeout(job.expiry);
    job.expiry = setTimeout(() => this.byHandle.delete(job.handle), this.keepMs);
    job.expiry.unref();
  }

  /** Stops all the work (the host went away). */
  stopAll(): void {
    for (const job of this.byHandle.values()) {
      job.controller.abort(new InterruptedError());
      clearTimeout(job.expiry);
    }
    this.byHandle.clear();
  }
}
