import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { anySignal } from '../../../src/util/any-signal.js';

describe('anySignal', () => {
  it('aborts when any of its signals does, with that one’s reason', () => {
    const run = new AbortController();
    const page = new AbortController();
    const { signal } = anySignal([run.signal, undefined, page.signal]);
    expect(signal?.aborted).toBe(false);
    page.abort(new Error('not needed'));
    expect(signal?.aborted).toBe(true);
    expect((signal?.reason as Error).message).toBe('not needed');
    // Once one has aborted it, it listens to the others no more.
    expect(getEventListeners(run.signal, 'abort')).toHaveLength(0);
  });

  it('leaves nothing on a long-lived signal once released (AbortSignal.any kept a WeakRef a request)', () => {
    const run = new AbortController();
    for (let i = 0; i < 1000; i++) {
      const { signal, release } = anySignal([run.signal, AbortSignal.timeout(60_000)]);
      expect(signal?.aborted).toBe(false);
      release();
    }
    expect(getEventListeners(run.signal, 'abort')).toHaveLength(0);
    run.abort(new Error('interrupted'));
  });

  it('is aborted at once by a signal already aborted; one signal is that signal', () => {
    const done = AbortSignal.abort(new Error('earlier'));
    const { signal } = anySignal([new AbortController().signal, done]);
    expect([signal?.aborted, (signal?.reason as Error).message]).toEqual([true, 'earlier']);
    const only = new AbortController().signal;
    expect(anySignal([undefined, only]).signal).toBe(only);
    expect(anySignal([]).signal).toBeUndefined();
  });
});
