import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readRateHeaders } from '../../../src/api/rate-headers.js';
import { runBudget, Scheduler } from '../../../src/api/scheduler.js';
import { RetryLaterError } from '../../../src/errors.js';

/** Starts an acquire and records when (fake time) it got its slot. */
function track(scheduler: Scheduler, starts: number[]): Promise<() => void> {
  return scheduler.acquire().then((release) => {
    starts.push(Date.now());
    return release;
  });
}

describe('Scheduler', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const t0 = Date.parse('2026-01-01T00:00:00Z');

  it('keeps at most `concurrency` requests in flight', async () => {
    const scheduler = new Scheduler({ concurrency: 2 });
    const starts: number[] = [];
    const a = await track(scheduler, starts);
    await track(scheduler, starts);
    const third = track(scheduler, starts);
    await vi.advanceTimersByTimeAsync(1000);
    expect(starts).toHaveLength(2);
    a();
    await third;
    expect(starts).toHaveLength(3);
  });

  it('halves the requests in flight on 429 and 503, and grows back one per round of successes', () => {
    const scheduler = new Scheduler({ concurrency: 8 });
    scheduler.observe(429, {});
    expect(scheduler.concurrency).toBe(4);
    scheduler.observe(503, {});
    expect(scheduler.concurrency).toBe(2);
    scheduler.observe(429, {});
    scheduler.observe(429, {});
    expect(scheduler.concurrency).toBe(1);
    // Additive increase: 1/limit per success, so about `limit` successes per step.
    const successes = (n: number) => {
      for (let i = 0; i < n; i++) scheduler.observe(200, {});
    };
    successes(1);
    expect(scheduler.concurrency).toBe(2);
    successes(3);
    expect(scheduler.concurrency).toBe(3);
    successes(100);
    expect(scheduler.concurrency).toBe(8);
  });

  it('reads an answer given before it existed (a listing’s first page) as leaving what it says', async () => {
    const scheduler = new Scheduler({ concurrency: 4 });
    scheduler.observe(200, { 'x-ratelimit-remaining': '1', 'x-ratelimit-reset': '1' });
    const starts: number[] = [];
    await track(scheduler, starts);
    const second = track(scheduler, starts);
    await vi.advanceTimersByTimeAsync(999);
    expect(starts).toEqual([t0]);
    await vi.advanceTimersByTimeAsync(1);
    await second;
    expect(starts).toEqual([t0, t0 + 1000]);
  });

  it('starts nothing before Retry-After, whichever request was throttled', async () => {
    const scheduler = new Scheduler({ concurrency: 4 });
    const starts: number[] = [];
    const release = await track(scheduler, starts);
    release();
    expect(scheduler.observe(429, { 'retry-after': '3' }).throttled).toBe(true);
    const next = track(scheduler, starts);
    await vi.advanceTimersByTimeAsync(2999);
    expect(starts).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await next;
    expect(starts).toEqual([t0, t0 + 3000]);
  });

  it('backs off exponentially on throttling without Retry-After', async () => {
    const scheduler = new Scheduler({ concurrency: 1 });
    const starts: number[] = [];
    scheduler.observe(503, {});
    const first = track(scheduler, starts);
    await vi.advanceTimersByTimeAsync(5000);
    (await first)();
    scheduler.observe(503, {});
    const second = track(scheduler, starts);
    await vi.advanceTimersByTimeAsync(5000);
    (await second)();
    // 500 ms after the first throttle, then 1000 ms after the second (observed at t0 + 5000).
    expect(starts).toEqual([t0 + 500, t0 + 6000]);
  });

  it('paces starts to the quota policy (q requests per w seconds)', async () => {
    const scheduler = new Scheduler({ concurrency: 4 });
    scheduler.observe(200, { 'ratelimit-policy': '"default";q=10;w=1' });
    expect(scheduler.gapMs).toBe(100);
    const starts: number[] = [];
    const all = Promise.all([0, 1, 2].map(() => track(scheduler, starts)));
    await vi.advanceTimersByTimeAsync(250);
    await all;
    expect(starts).toEqual([t0, t0 + 100, t0 + 200]);
  });

  it('keeps to the pace when its timers fire late: a late start does not push back the next ones', async () => {
    const late = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms + 5));
    const scheduler = new Scheduler({ concurrency: 10, sleep: late });
    scheduler.observe(200, { 'ratelimit-policy': '"default";q=10;w=1' });
    const starts: number[] = [];
    const all = Promise.all([0, 1, 2, 3, 4].map(() => track(scheduler, starts)));
    await vi.advanceTimersByTimeAsync(1000);
    await all;
    // Each wait ends 5 ms late; the schedule makes it up: 10 a second still (before: 0, 105, 210, 315, 420).
    expect(starts.map((t) => t - t0)).toEqual([0, 105, 205, 305, 405]);
  });

  it('gives starts in the order they were asked for, whichever wait ends first', async () => {
    // The first request's timer fires later than the second's (a loaded machine): it still starts first.
    let calls = 0;
    const uneven = (ms: number) =>
      new Promise<void>((resolve) => setTimeout(resolve, ms + (calls++ === 0 ? 9 : 1)));
    const scheduler = new Scheduler({ concurrency: 4, sleep: uneven });
    scheduler.observe(200, { 'ratelimit-policy': '"default";q=10;w=1' });
    const order: string[] = [];
    await scheduler.acquire();
    const asked = ['next page', 'page after it'].map((name) =>
      scheduler.acquire().then(() => order.push(name)),
    );
    await vi.advanceTimersByTimeAsync(500);
    await Promise.all(asked);
    expect(order).toEqual(['next page', 'page after it']);
  });

  it('a request cancelled while it waits for its start gets none, and the one after it takes its turn', async () => {
    const scheduler = new Scheduler({ concurrency: 4 });
    scheduler.observe(200, { 'ratelimit-policy': '"default";q=10;w=1' });
    const starts: number[] = [];
    await track(scheduler, starts);
    const cancel = new AbortController();
    const cancelled = scheduler.acquire(cancel.signal);
    const after = track(scheduler, starts);
    await vi.advanceTimersByTimeAsync(50);
    cancel.abort(new Error('not needed'));
    await expect(cancelled).rejects.toThrow('not needed');
    await vi.advanceTimersByTimeAsync(100);
    await after;
    expect(starts).toEqual([t0, t0 + 100]);
    expect(scheduler.counts.requests).toBe(2);
  });

  it('a request cancelled while it waits for a slot leaves the queue', async () => {
    const scheduler = new Scheduler({ concurrency: 1 });
    const release = await scheduler.acquire();
    const cancel = new AbortController();
    const cancelled = scheduler.acquire(cancel.signal);
    const starts: number[] = [];
    const after = track(scheduler, starts);
    cancel.abort(new Error('not needed'));
    await expect(cancelled).rejects.toThrow('not needed');
    release();
    await after;
    expect(starts).toHaveLength(1);
    expect(scheduler.counts.requests).toBe(2);
  });

  it('a run that fell behind the pace catches up within the window, never past what the window has left', async () => {
    const scheduler = new Scheduler({ concurrency: 10 });
    const starts: number[] = [];
    (await track(scheduler, starts))();
    scheduler.observe(200, {
      'ratelimit-policy': '"default";q=10;w=1',
      'x-ratelimit-remaining': '9',
      'x-ratelimit-reset': String(t0 / 1000 + 1),
    });
    // Nothing asked for 600 ms (a page that took long to write): 9 left, 400 ms to go.
    await vi.advanceTimersByTimeAsync(600);
    const asked = Promise.all(
      Array.from({ length: 12 }, () => track(scheduler, starts).then((release) => release())),
    );
    await vi.advanceTimersByTimeAsync(2000);
    await asked;
    const offsets = starts.map((t) => t - t0);
    // The window's 9 left spread over its 400 ms: every 44 ms, not every 100 (the policy's gap), all 9 of
    // them in the window; the rest after its reset.
    expect(offsets.slice(0, 2)).toEqual([0, 600]);
    expect(offsets[2]).toBeGreaterThanOrEqual(644);
    expect(offsets[2]).toBeLessThanOrEqual(645);
    expect(offsets.filter((t) => t < 1000)).toHaveLength(10);
    expect(offsets.slice(10).every((t) => t >= 1000)).toBe(true);
  });

  it('waits for the reset when the window has nothing left', async () => {
    const scheduler = new Scheduler({ concurrency: 4 });
    const starts: number[] = [];
    const release = await track(scheduler, starts);
    scheduler.observe(200, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(t0 / 1000 + 2) });
    release();
    const next = track(scheduler, starts);
    await vi.advanceTimersByTimeAsync(1999);
    expect(starts).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await next;
    expect(starts).toEqual([t0, t0 + 2000]);
  });

  it('slows its starts after throttling and speeds up again on success', () => {
    const scheduler = new Scheduler({ concurrency: 4 });
    expect(scheduler.gapMs).toBe(0);
    scheduler.observe(429, { 'retry-after': '0' });
    const slowed = scheduler.gapMs;
    expect(slowed).toBeGreaterThan(0);
    scheduler.observe(200, {});
    expect(scheduler.gapMs).toBeLessThan(slowed);
    for (let i = 0; i < 500; i++) scheduler.observe(200, {});
    expect(scheduler.gapMs).toBe(0);
  });

  it('map keeps the order of the items and stops taking new ones after a failure', async () => {
    vi.useRealTimers();
    const scheduler = new Scheduler({ concurrency: 3 });
    expect(await scheduler.map([3, 1, 2], async (n) => n * 10)).toEqual([30, 10, 20]);
    const seen: number[] = [];
    await expect(
      scheduler.map([1, 2, 3, 4, 5, 6, 7, 8], async (n) => {
        seen.push(n);
        if (n === 2) throw new Error('boom');
        await new Promise((r) => setTimeout(r, 5));
      }),
    ).rejects.toThrow('boom');
    expect(seen.length).toBeLessThan(8);
  });

  it('counts for a progress line: requests started, the rounds of map and their items, throttling', async () => {
    const scheduler = new Scheduler({ concurrency: 2 });
    let changes = 0;
    scheduler.onChange = () => changes++;
    const work = async (n: number) => {
      const release = await scheduler.acquire();
      release();
      return n;
    };
    await scheduler.map([1, 2, 3], work);
    expect(scheduler.counts).toMatchObject({ requests: 3, phase: 1, done: 3, total: 3, waitUntil: 0 });
    // A second round starts its items afresh; the requests go on.
    const second = scheduler.map([1, 2], async (n) => {
      expect(scheduler.counts).toMatchObject({ phase: 2, total: 2 });
      return work(n);
    });
    await second;
    expect(scheduler.counts).toMatchObject({ requests: 5, phase: 2, done: 2, total: 2 });
    // Told of each start, each item done and each round begun.
    expect(changes).toBe(5 + 5 + 2);
    scheduler.observe(429, { 'retry-after': '3' });
    expect(scheduler.counts.throttledAt).toBe(Date.now());
    expect(scheduler.counts.waitUntil).toBe(Date.now() + 3000);
    expect(changes).toBe(13);
  });
});

/** Issue 41, section 2: a wait the service asks for past --max-retry-wait is refused, never slept on. */
describe('Scheduler: waits held to maxWaitMs', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const t0 = Date.parse('2026-01-01T00:00:00Z');
  const day = String(t0 / 1000 + 100_000);

  it.each([
    [
      '429 with a Retry-After of a day',
      429,
      { 'retry-after': '86400' },
      /^ListThings: HTTP 429: the service asks to be retried at 2026-01-02T00:00:00Z \(in 24 h\), later than --max-retry-wait \(60 s\) allows; not waiting$/,
    ],
    [
      '503 with an HTTP date in 2099',
      503,
      { 'retry-after': 'Thu, 01 Jan 2099 00:00:00 GMT' },
      /^ListThings: HTTP 503: the service asks to be retried at 2099-01-01T00:00:00Z \(in 73 y\)/,
    ],
    [
      'a 200 with X-RateLimit-Remaining: 0 and a reset a day away',
      200,
      { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': day },
      /^ListThings: the service's rate limit has no request left until its window opens at 2026-01-02T03:46:40Z \(in 28 h\), later than --max-retry-wait \(60 s\) allows; not waiting$/,
    ],
    [
      'the draft RateLimit: remaining=0, reset=100000',
      200,
      { ratelimit: 'limit=10, remaining=0, reset=100000' },
      /^ListThings: the service's rate limit has no request left until its window opens at 2026-01-02T03:46:40Z/,
    ],
    [
      'a 429 without Retry-After whose window resets a day away',
      429,
      { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': day },
      /^ListThings: HTTP 429: the service's rate limit has no request left until its window opens at 2026-01-02T03:46:40Z/,
    ],
    [
      'RateLimit-Policy: 1;w=100000',
      200,
      { 'ratelimit-policy': '1;w=100000' },
      /^ListThings: the service's rate limit \(1 request per 100000 s\) allows the next request at 2026-01-02T03:46:40Z \(in 28 h\)/,
    ],
  ])('%s: the next start is refused at once, saying when', async (_what, status, headers, message) => {
    const notices: string[] = [];
    const scheduler = new Scheduler({ concurrency: 4, notice: (l) => notices.push(l) });
    // The answer to the run's first request says it: the very next start is held back.
    (await scheduler.acquire(undefined, 'ListThings'))();
    scheduler.observe(status, headers, t0);
    const refused = await scheduler.acquire(undefined, 'ListThings').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RetryLaterError);
    expect((refused as RetryLaterError).exitCode).toBe(7);
    expect((refused as Error).message).toMatch(message);
    expect((refused as RetryLaterError).hint).toMatch(/^run it again after \S+Z, or raise --max-retry-wait$/);
    // Nothing was set to fire: no timer keeps the process alive.
    expect(vi.getTimerCount()).toBe(0);
    expect(notices).toEqual([]);
  });

  it('within maxWaitMs, waits, saying once when the window opens, for every request waiting; a short wait is no news', async () => {
    const notices: string[] = [];
    const scheduler = new Scheduler({ concurrency: 4, maxWaitMs: 5000, notice: (l) => notices.push(l) });
    (await scheduler.acquire())();
    // A window of a second (a limit of 20 a second) is waited out without a word.
    scheduler.observe(200, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(t0 / 1000 + 1) });
    const first = scheduler.acquire();
    await vi.advanceTimersByTimeAsync(1000);
    (await first)();
    expect(notices).toEqual([]);
    scheduler.observe(200, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(t0 / 1000 + 6) });
    const waiting = [scheduler.acquire(), scheduler.acquire(), scheduler.acquire()];
    await vi.advanceTimersByTimeAsync(4999);
    expect(notices).toEqual([
      "waiting 5 s: the service's rate limit has no request left until its window opens at 2026-01-01T00:00:06Z",
    ]);
    await vi.advanceTimersByTimeAsync(1);
    for (const release of await Promise.all(waiting)) release();
    expect(notices).toHaveLength(1);
  });

  it('under maxWaitMs 0, refuses the service’s Retry-After: 1, but waits out its own backoff', async () => {
    const scheduler = new Scheduler({ concurrency: 4, maxWaitMs: 0 });
    scheduler.observe(429, {});
    const next = scheduler.acquire();
    await vi.advanceTimersByTimeAsync(500);
    (await next)();
    scheduler.observe(429, { 'retry-after': '1' });
    await expect(scheduler.acquire()).rejects.toThrow(
      /asks to be retried at .* \(in 1 s\), later than --max-retry-wait \(0 s\)/,
    );
  });
});

describe('Scheduler: a failed round stops every request of it', () => {
  it('aborts the waits for a start and the requests in flight, waits for them, then lets requests start', async () => {
    const scheduler = new Scheduler({ concurrency: 3 });
    const ended: string[] = [];
    const held = (n: number) =>
      new Promise<never>((_, reject) => {
        // A request the service never answers: only the scheduler's signal ends it.
        scheduler.signal.addEventListener('abort', () => {
          ended.push(`in flight ${n}`);
          reject(scheduler.signal.reason);
        });
      });
    const failure = new Error('HTTP 429: retried at tomorrow');
    const run = scheduler.map([1, 2, 3, 4, 5, 6], async (n) => {
      const release = await scheduler.acquire().catch((error: unknown) => {
        ended.push(`waiting ${n}`);
        throw error;
      });
      try {
        if (n === 3) throw failure;
        return await held(n);
      } finally {
        release();
      }
    });
    await expect(run).rejects.toBe(failure);
    // Every task had ended when the round's failure was thrown; no new one was taken.
    expect(ended.sort()).toEqual(['in flight 1', 'in flight 2']);
    expect(scheduler.signal.aborted).toBe(false);
    (await scheduler.acquire())();
  });

  it('aborts with the run when the run’s signal does, and stays stopped', async () => {
    const run = new AbortController();
    const scheduler = new Scheduler({ concurrency: 1, signal: run.signal });
    const release = await scheduler.acquire();
    const waiting = scheduler.acquire();
    run.abort(new Error('SIGTERM'));
    await expect(waiting).rejects.toThrow('SIGTERM');
    expect(scheduler.signal.aborted).toBe(true);
    scheduler.resume();
    expect(scheduler.signal.aborted).toBe(true);
    release();
  });
});

describe('Scheduler: the run’s retry budget', () => {
  it('counts the throttled answers in a row, those of requests already in flight once, and a success refills it', () => {
    let clock = 1000;
    vi.spyOn(Date, 'now').mockImplementation(() => clock);
    try {
      const scheduler = new Scheduler({ concurrency: 16, budget: 2 });
      // 16 requests sent at once, all answered 503: one throttling, however many answers.
      for (let i = 0; i < 16; i++) expect(scheduler.observe(503, {}, 1000)).toMatchObject({ spent: false });
      clock = 2000;
      expect(scheduler.observe(503, {}, 1500)).toMatchObject({ spent: false, inARow: 2 });
      clock = 2500;
      expect(scheduler.observe(200, {}, 2100)).toMatchObject({ spent: false, inARow: 0 });
      clock = 3000;
      expect(scheduler.observe(429, {}, 2600)).toMatchObject({ inARow: 1 });
      clock = 4000;
      expect(scheduler.observe(429, {}, 3500)).toMatchObject({ inARow: 2, spent: false });
      clock = 5000;
      expect(scheduler.observe(503, {}, 4500)).toMatchObject({ inARow: 3, spent: true, throttled: true });
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('is what one request may spend: ten throttled answers and its --retries', () => {
    expect(runBudget(2)).toBe(12);
    expect(runBudget(0)).toBe(10);
  });
});

describe('readRateHeaders', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');

  it('reads the IETF draft structured fields, the slowest policy and the fewest left winning', () => {
    expect(
      readRateHeaders({
        'ratelimit-policy': '"burst";q=100;w=60, "second";q=20;w=1',
        ratelimit: '"burst";r=40;t=30, "second";r=3;t=1',
      }),
    ).toEqual({ limit: 100, windowSeconds: 60, remaining: 3, resetSeconds: 1 });
  });

  it('reads the earlier draft forms', () => {
    expect(
      readRateHeaders({ 'ratelimit-policy': '10;w=1', ratelimit: 'limit=10, remaining=4, reset=2' }),
    ).toEqual({ limit: 10, windowSeconds: 1, remaining: 4, resetSeconds: 2 });
    expect(
      readRateHeaders({ 'ratelimit-limit': '50', 'ratelimit-remaining': '7', 'ratelimit-reset': '9' }),
    ).toEqual({ limit: 50, remaining: 7, resetSeconds: 9 });
  });

  it('reads X-RateLimit-*, a reset as a Unix time or as seconds', () => {
    expect(
      readRateHeaders(
        {
          'x-ratelimit-limit': '5000',
          'x-ratelimit-remaining': '0',
          'x-ratelimit-reset': String(now / 1000 + 30),
        },
        now,
      ),
    ).toEqual({ limit: 5000, remaining: 0, resetSeconds: 30 });
    expect(readRateHeaders({ 'x-ratelimit-remaining': '2', 'x-ratelimit-reset': '4' })).toEqual({
      remaining: 2,
      resetSeconds: 4,
    });
  });

  it('takes the window’s end from a Unix-time reset when the draft’s whole seconds round it up', () => {
    const at = now + 920; // 80 ms before the window ends at a whole second
    expect(
      readRateHeaders(
        {
          'ratelimit-policy': '"sandbox";q=20;w=1',
          ratelimit: '"sandbox";r=0;t=1',
          'x-ratelimit-reset': String(now / 1000 + 1),
        },
        at,
      ),
    ).toEqual({ limit: 20, windowSeconds: 1, remaining: 0, resetSeconds: expect.closeTo(0.08, 6) });
    // A Unix time later than the draft's own reset is not taken over it.
    expect(
      readRateHeaders({ ratelimit: '"s";r=0;t=1', 'x-ratelimit-reset': String(now / 1000 + 5) }, now),
    ).toEqual({ remaining: 0, resetSeconds: 1 });
  });

  it('ignores what it cannot read', () => {
    expect(readRateHeaders({ ratelimit: 'nonsense', 'x-ratelimit-remaining': 'lots' })).toEqual({});
  });

  it('reads numbers of any size as finite, a reset or a window no further than 9999-12-31', () => {
    const furthest = (Date.parse('9999-12-31T23:59:59Z') - now) / 1000;
    const info = readRateHeaders(
      {
        'ratelimit-policy': `1;w=${'9'.repeat(30)}`,
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset': '99999999999999999999',
        'x-ratelimit-limit': '9'.repeat(400),
      },
      now,
    );
    expect(info).toEqual({ limit: 1, windowSeconds: furthest, remaining: 0, resetSeconds: furthest });
    expect(Object.values(info).every(Number.isFinite)).toBe(true);
  });
});
