import { describe, expect, it } from 'vitest';
import { ListingProgress } from '../../../src/output/core/listing-progress.js';
import { fit, type WorkCounts, type WorkSource, workLine } from '../../../src/streams/progress-line.js';
import { duration, RateWindow } from '../../../src/streams/rate.js';
import type { Scheduler } from '../../../src/api/scheduler.js';
import { withProgress } from '../../../src/commands/shared/fan-out.js';
import type { Context } from '../../../src/context.js';
import { Streams } from '../../../src/streams/streams.js';
import type { GlobalOptions } from '../../../src/util/global-values.js';
import { Capture } from '../../helpers/cli.js';

/** A terminal (stderr) that keeps what was written to it: its width is `columns`. */
function terminal(columns = 80) {
  const writes: string[] = [];
  const stream = {
    columns,
    isTTY: true,
    write: (s: string) => {
      writes.push(s);
      return true;
    },
  };
  return { stream: stream as unknown as NodeJS.WritableStream & { columns: number }, writes };
}

/** What a scheduler counts, set by the test; `onChange` as the scheduler's hook. */
type Counts = { -readonly [K in keyof WorkCounts]: WorkCounts[K] };
function counts(start: Partial<WorkCounts> = {}): Omit<WorkSource, 'counts'> & { counts: Counts } {
  return {
    counts: { requests: 0, phase: 0, done: 0, total: 0, waitUntil: 0, throttledAt: 0, ...start },
    onChange: undefined,
  };
}

const clear = '\r\u001b[2K';

describe('the progress line of a whole-organization command', () => {
  it('shows items done of those given, requests, their rate and the time left, from a second on', () => {
    let now = 1_000_000;
    const { stream, writes } = terminal();
    const source = counts();
    const line = workLine(stream, 'Counting findings', ['app'], source, () => now);
    // The scheduler tells the line of each change; nothing is drawn within the first second.
    source.counts.requests = 3;
    source.onChange?.();
    now += 500;
    line.draw();
    expect(writes).toEqual([]);
    // The apps are listed: the round begins. No rate is known yet.
    Object.assign(source.counts, { phase: 1, done: 0, total: 5000, requests: 4 });
    now += 600;
    source.onChange?.();
    // One request in the 1.1 s since the first sample; no app done yet, so no time left.
    expect(writes.at(-1)).toBe(`${clear}Counting findings: 0 of 5,000 apps · 4 requests · 0.9/s · ETA --`);
    // Four seconds at 50 requests and 50 apps a second: the rate is of the last three.
    for (let i = 1; i <= 16; i++) {
      now += 250;
      source.counts.requests += 12.5;
      source.counts.done += 12.5;
      line.draw();
    }
    expect(line.text()).toBe('Counting findings: 200 of 5,000 apps · 204 requests · 50.0/s · ETA 1m36s');
    line.stop();
    expect(writes.at(-1)).toBe(clear);
    // Stopped: nothing more is drawn.
    source.onChange?.();
    line.draw();
    expect(writes.at(-1)).toBe(clear);
  });

  it('the rate is of the last few seconds: a pause shows in it, and a new round starts its ETA afresh', () => {
    let now = 0;
    const { stream } = terminal();
    const source = counts({ phase: 1, total: 1000 });
    const line = workLine(stream, 'Reading the scan history', ['app', 'scan'], source, () => now);
    for (let i = 1; i <= 20; i++) {
      now += 500;
      source.counts.requests += 10;
      source.counts.done += 10;
      line.text();
    }
    expect(line.text()).toBe('Reading the scan history: 200 of 1,000 apps · 200 requests · 20.0/s · ETA 40s');
    // Three seconds with nothing done: no rate, no time left.
    for (let i = 0; i < 7; i++) {
      now += 500;
      line.text();
    }
    expect(line.text()).toBe('Reading the scan history: 200 of 1,000 apps · 200 requests · 0.0/s · ETA --');
    // The second round (the scans): its own unit, and no time left until its rate is known.
    Object.assign(source.counts, { phase: 2, done: 0, total: 1 });
    expect(line.text()).toBe('Reading the scan history: 0 of 1 scan · 200 requests · 0.0/s · ETA --');
    line.stop();
  });

  it('says when the service throttles, and how long no request starts', () => {
    let now = 50_000;
    const { stream } = terminal();
    const source = counts({ phase: 1, done: 10, total: 40, requests: 12 });
    const line = workLine(stream, 'Reading teams', ['team'], source, () => now);
    expect(line.text()).not.toContain('throttled');
    Object.assign(source.counts, { throttledAt: now, waitUntil: now + 1600 });
    // At 80 columns, the count of requests gives way to it.
    expect(line.text()).toBe('Reading teams: 10 of 40 teams · --/s · ETA -- · throttled, waiting 2s');
    now += 2000;
    expect(line.text()).toMatch(/ · throttled$/);
    now += 3000;
    expect(line.text()).not.toContain('throttled');
    line.stop();
  });

  it('fits 80 and 40 columns: the figures of least use give way first, the label is never wrapped', () => {
    const now = 10_000;
    const state = {
      phase: 1,
      done: 1234,
      total: 5000,
      requests: 1251,
      throttledAt: now,
      waitUntil: now + 9000,
    };
    for (const [columns, expected] of [
      [80, 'Counting findings: 1,234 of 5,000 apps · --/s · ETA -- · throttled, waiting 9s'],
      [40, 'Counting findings: 1,234 of 5,000 apps'],
      [30, 'Counting findings: 1,234 of …'],
    ] as const) {
      const { stream, writes } = terminal(columns);
      const line = workLine(stream, 'Counting findings', ['app'], counts(state), () => now);
      expect(line.text()).toBe(expected);
      expect(line.text().length).toBeLessThan(columns);
      line.stop();
      expect(writes).toEqual([]);
    }
    // A terminal that reports no width: 80.
    const { stream } = terminal(0);
    const line = workLine(stream, 'Counting findings', ['app'], counts(state), () => now);
    expect(line.text().length).toBeLessThanOrEqual(79);
    expect(line.text()).toMatch(/ · throttled, waiting 9s$/);
    line.stop();
  });

  it('a label is sanitized: no control character of it reaches the terminal', () => {
    const { stream } = terminal();
    const line = workLine(stream, 'Reading \u001b[2Jteam\rX', ['team'], counts(), () => 0);
    expect(line.text()).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
    line.stop();
  });
});

describe('the progress line of a long listing', () => {
  it('shows the rate of pages, and the time left when the first page states the total', () => {
    let now = 0;
    const { stream, writes } = terminal();
    const progress = new ListingProgress(stream, () => now);
    progress.page({ findings: [], total_count: 20_000 });
    for (let i = 0; i < 100; i++) progress.row();
    expect(writes).toEqual([]);
    for (let s = 1; s <= 8; s++) {
      now = s * 500;
      progress.page({ findings: [], total_count: 99 });
      for (let i = 0; i < 100; i++) progress.row();
    }
    // Drawn as the ninth page is read, before its rows are written.
    expect(writes.at(-1)).toBe(
      `${clear}Listing: 9 pages read, 800 of 20,000 rows · 2.0 pages/s · ETA 1m36s · 4s`,
    );
    // 700 rows in the last 3 s: 19,100 more take 1m22s.
    expect(progress.text()).toBe('Listing: 9 pages read, 900 of 20,000 rows · 2.0 pages/s · ETA 1m22s · 4s');
    // A wider terminal has room to say how to stop.
    const wide = terminal(120);
    const again = new ListingProgress(wide.stream, () => now);
    again.page({ total_count: 20 });
    expect(again.text()).toBe('Listing: 1 page read, 0 of 20 rows · -- pages/s · ETA -- · 0s · Ctrl-C stops');
    again.stop();
    progress.stop();
    expect(writes.at(-1)).toBe(clear);
  });

  it('without a stated total, no time left (none is invented); one past the rows is not the total', () => {
    let now = 0;
    const { stream } = terminal();
    const progress = new ListingProgress(stream, () => now);
    progress.page({ findings: [] });
    now = 1500;
    progress.page();
    for (let i = 0; i < 250; i++) progress.row();
    expect(progress.text()).toBe('Listing: 2 pages read, 250 rows · 0.7 pages/s · 1s · Ctrl-C stops');
    progress.stop();
    const other = new ListingProgress(stream, () => now);
    other.page({ total_count: 10 });
    for (let i = 0; i < 11; i++) other.row();
    expect(other.text()).toBe('Listing: 1 page read, 11 rows · -- pages/s · 0s · Ctrl-C stops');
    other.stop();
  });

  it('fits 40 columns', () => {
    const now = 0;
    const { stream } = terminal(40);
    const progress = new ListingProgress(stream, () => now);
    progress.page({ total_count: 20_000 });
    for (let i = 0; i < 100; i++) progress.row();
    expect(progress.text()).toBe('Listing: 1 page read, 100 of 20,000 ro…');
    progress.stop();
  });
});

describe('the figures', () => {
  it('durations and a rate over a window', () => {
    expect([duration(0), duration(75), duration(4000), duration(Number.NaN), duration(-1)]).toEqual([
      '0s',
      '1m15s',
      '1h06m',
      '--',
      '--',
    ]);
    const rate = new RateWindow(3000);
    rate.add(0, 0);
    expect(rate.perSecond()).toBeUndefined();
    rate.add(1000, 100);
    expect(rate.perSecond()).toBe(100);
    rate.add(5000, 100);
    // The window keeps one sample before its start: 4 s of it are after the 100.
    expect(rate.perSecond()).toBe(0);
    expect(
      fit(
        [
          { text: 'a', rank: 9 },
          { text: 'bb', rank: 1 },
          { text: 'c', rank: 5 },
        ],
        5,
      ),
    ).toBe('a · c');
  });
});

describe('when the line shows (withProgress)', () => {
  const globals = (more: Partial<GlobalOptions> = {}): GlobalOptions => ({
    color: false,
    quiet: false,
    debug: false,
    yes: false,
    input: false,
    allowInsecureHttp: false,
    pager: false,
    ...more,
  });

  async function run(
    more: Partial<GlobalOptions>,
    tty: { stdout: boolean; stderr: boolean },
    env: NodeJS.ProcessEnv = {},
  ): Promise<{ stderr: string; loaded: boolean }> {
    // A terminal as ora draws on it (the spinner is what shows when the line does not).
    const stderr = new Capture(tty.stderr);
    stderr.columns = 80;
    const stdout = new Capture(tty.stdout);
    const streams = new Streams(globals(more), {
      io: { stdin: process.stdin, stdout, stderr } as never,
      env,
      signal: new AbortController().signal,
      version: '0.0.0-test',
    });
    const source = counts();
    let hooked = false;
    const scheduler = source as unknown as Scheduler;
    const result = await withProgress(
      streams as Context,
      'Counting findings',
      ['app'],
      scheduler,
      async () => {
        hooked = source.onChange !== undefined;
        return 42;
      },
    );
    expect(result).toBe(42);
    // The hook is given back at the end.
    expect(source.onChange).toBeUndefined();
    return { stderr: stderr.text, loaded: hooked };
  }

  it('on a terminal, not into a pipe, not with --quiet, --debug or TERM=dumb', async () => {
    expect((await run({}, { stdout: true, stderr: true })).loaded).toBe(true);
    expect((await run({}, { stdout: false, stderr: true }, {})).loaded).toBe(false);
    expect((await run({}, { stdout: true, stderr: false })).loaded).toBe(false);
    expect((await run({ quiet: true }, { stdout: true, stderr: true })).loaded).toBe(false);
    expect((await run({ debug: true }, { stdout: true, stderr: true })).loaded).toBe(false);
    expect((await run({}, { stdout: true, stderr: true }, { TERM: 'dumb' })).loaded).toBe(false);
  });

  it('work done within a second writes nothing to the terminal', async () => {
    expect((await run({}, { stdout: true, stderr: true })).stderr).toBe('');
  });
});
