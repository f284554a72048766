import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

type Collect = (options?: { type: 'minor' }) => void;
let collect: Collect | undefined | null;

/** `gc` of a new context: there once `--expose-gc` is set (bin/load.js sets it at start). */
function exposed(): Collect | undefined {
  const gc: unknown = runInNewContext('typeof gc === "function" ? gc : undefined');
  return typeof gc === 'function' ? (gc as Collect) : undefined;
}

function collector(): Collect | null {
  if (collect === undefined) {
    try {
      // A flag set after start makes V8 refuse the code cache of every chunk loaded after it (bin/load.js):
      // set only where the loader did not (tests, a bundle run without it).
      collect = exposed() ?? (setFlagsFromString('--expose-gc'), exposed()) ?? null;
    } catch {
      collect = null;
    }
  }
  return collect;
}

/**
 * A scavenge of the young generation, for a loop that turns over much memory in short-lived buffers (a
 * download's chunks). V8 frees such buffers only once their external memory has grown by tens of MiB, so a
 * GiB transfer would keep that much freed memory resident; collecting every few MiB keeps the peak flat.
 * A scavenge costs a millisecond or two (more on a loaded machine): call it every few MiB, not per chunk.
 * Where the runtime refuses, nothing happens.
 */
export function collectYoung(): void {
  collector()?.({ type: 'minor' });
}

/**
 * A full collection, for a loop whose buffers outlive a scavenge or two (a page fetched ahead waits while
 * the one before it is written) and so reach the old generation, freed only by a full collection, which
 * V8 starts once tens of MiB of them are dead. 5-15 ms with a list's heap: call it every few MiB read.
 */
export function collectAll(): void {
  collector()?.();
}

/**
 * For a process that serves, not a command that ends (`secscan sandbox`): V8's own growth of the young
 * generation, which bin/load.js turns off at start so a command's short-lived pages are scavenged in a
 * small space. A server holding a million findings in its heap (2.7 GB) then promoted every page it built
 * and ran full collections over all of it: 100 of the 133 s of CPU it spent serving 400 pages of them. Call
 * it once the process's code is loaded: a V8 flag set after start makes V8 refuse the code cache of every
 * chunk loaded after it.
 */
export function growYoungGeneration(): void {
  try {
    setFlagsFromString('--semi-space-growth-factor=2');
  } catch {
    // A runtime that refuses flags keeps its own.
  }
}
