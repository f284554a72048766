/**
 * Time as a run that waits sees it: the wall clock, a sleep that an abort (Ctrl-C) ends, and the random
 * numbers of jitter. Command tests replace it (`clock` of main's dependencies) to run a long wait at once.
 */
export interface Clock {
  now(): number;
  /** Resolves after `ms`; rejects with the signal's reason when it is aborted first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** A number from 0 (included) to 1 (excluded). */
  random(): number;
}

export const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal?.reason);
      };
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
  random: () => Math.random(),
};
