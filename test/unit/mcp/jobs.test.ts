import { describe, expect, it } from 'vitest';
import type { CallResult } from '../../../src/mcp/answer.js';
import { Jobs } from '../../../src/mcp/jobs.js';

const answer = (text: string): CallResult => ({ content: [{ type: 'text', text }] });

/** A promise and its resolver: work that ends when the test says. */
function gate<T>() {
  let open!: (value: T) => void;
  const promise = new Promise<T>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

describe('mcp jobs', () => {
  it('answer the work’s result when it ends within the time', async () => {
    const jobs = new Jobs(
      10_000,
      60_000,
      (t) => t,
      () => {},
    );
    const job = jobs.start('t', async () => answer('done'));
    expect(await jobs.wait(job, { signal: new AbortController().signal })).toEqual(answer('done'));
    expect(jobs.get(job.handle)).toBeUndefined();
  });

  it('answer a handle when the time runs out, and the result to the call that asks again', async () => {
    const jobs = new Jobs(
      50,
      60_000,
      (t) => t,
      () => {},
    );
    const work = gate<CallResult>();
    const job = jobs.start('gate', () => work.promise);
    const first = await jobs.wait(job, { signal: new AbortController().signal });
    expect(first.structuredContent).toMatchObject({ pending: { handle: job.handle, tool: 'gate' } });
    const again = jobs.get(job.handle);
    expect(again).toBe(job);
    work.open(answer('verdict'));
    expect(await jobs.wait(job, { signal: new AbortController().signal })).toEqual(answer('verdict'));
    expect(jobs.get(job.handle)).toBeUndefined();
  });

  it('stop the work when the host cancels the call, and log it once its requests stopped', async () => {
    const lines: string[] = [];
    const jobs = new Jobs(
      10_000,
      60_000,
      (t) => t,
      (l) => lines.push(l),
    );
    let seen: AbortSignal | undefined;
    const job = jobs.start('gate', (signal) => {
      seen = signal;
      return new Promise((resolve) => signal.addEventListener('abort', () => resolve(answer('stopped'))));
    });
    const host = new AbortController();
    const waiting = jobs.wait(job, { signal: host.signal });
    host.abort();
    await waiting;
    expect(seen?.aborted).toBe(true);
    expect(lines).toEqual([
      expect.stringMatching(/^gate: cancelled by the host; its requests stopped after \d+ s$/),
    ]);
  });

  it('tell the calls waiting of each step of the work', async () => {
    const jobs = new Jobs(
      10_000,
      60_000,
      (t) => t,
      () => {},
    );
    const told: string[] = [];
    const work = gate<void>();
    const job = jobs.start('t', async (_signal, step) => {
      await work.promise;
      step('Checking shop');
      return answer('ok');
    });
    const waiting = jobs.wait(job, { signal: new AbortController().signal, progress: (m) => told.push(m) });
    work.open();
    await waiting;
    expect(told).toContain('Checking shop');
  });
});
