import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collect: ((options?: { type: 'minor' }) => void) | undefined | null;

/**
 * A scavenge of the young generation, for a loop that turns over much memory in short-lived buffers (a
 * download's chunks). V8 frees such buffers only once their external memory has grown by tens of MiB, so a
 * GiB transfer would keep that much freed memory resident; collecting every few MiB keeps the peak flat.
 * A scavenge costs a millisecond or two (more on a loaded machine): call it every few MiB, not per chunk.
 * Where the runtime refuses, nothing happens.
 */
export function collectYoung(): void {
  if (collect === undefined) {
    try {
      setFlagsFromString('--expose-gc');
      collect = runInNewContext('gc') as (options?: { type: 'minor' }) => void;
    } catch {
      collect = null;
    }
  }
  collect?.({ type: 'minor' });
}
