import type { Worker } from 'node:worker_threads';

type ToWorker = { type: 'upTo'; bytes: number } | { type: 'reset' } | { type: 'digest'; bytes: number };
type FromWorker = { type: 'digest'; hex: string } | { type: 'failed'; message: string };

/**
 * The worker's code: reads the file behind the writer (from the page cache, where it was just written) and
 * hashes it, so the SHA-256 is of the bytes in the file and costs the event loop nothing. Written as a
 * function so it is type-checked; it runs from its source text with only what it is given.
 */
function hasherMain(require: (id: string) => unknown, { fd }: { fd: number }): void {
  const { parentPort } = require('node:worker_threads') as typeof import('node:worker_threads');
  const { createHash } = require('node:crypto') as typeof import('node:crypto');
  const { readSync } = require('node:fs') as typeof import('node:fs');
  const buffer = Buffer.allocUnsafeSlow(1024 * 1024);
  let hash = createHash('sha256');
  let hashed = 0;
  const upTo = (bytes: number) => {
    while (hashed < bytes) {
      const n = readSync(fd, buffer, 0, Math.min(buffer.length, bytes - hashed), hashed);
      if (n === 0) throw new Error(`the file ends at byte ${hashed}, before ${bytes}`);
      hash.update(buffer.subarray(0, n));
      hashed += n;
    }
  };
  parentPort?.on('message', (message: ToWorker) => {
    try {
      if (message.type === 'reset') {
        hash = createHash('sha256');
        hashed = 0;
      } else if (message.type === 'upTo') upTo(message.bytes);
      else {
        upTo(message.bytes);
        parentPort.postMessage({ type: 'digest', hex: hash.digest('hex') } satisfies FromWorker);
      }
    } catch (error) {
      parentPort.postMessage({ type: 'failed', message: (error as Error).message } satisfies FromWorker);
    }
  });
}

/** A SHA-256 of a file as it is written, computed by a worker thread that reads it back. */
export class FileHasher {
  private readonly worker: Worker;
  private failure: Error | undefined;
  private waiting: ((hex: string) => void) | undefined;
  private failed: ((error: Error) => void) | undefined;

  private constructor(worker: Worker) {
    this.worker = worker;
    worker.on('message', (message: FromWorker) => {
      if (message.type === 'digest') this.waiting?.(message.hex);
      else this.fail(new Error(message.message));
    });
    worker.on('error', (error) => this.fail(error));
  }

  static async start(fd: number): Promise<FileHasher> {
    const { Worker } = await import('node:worker_threads');
    const source = `(${hasherMain.toString()})(require, require('node:worker_threads').workerData);`;
    return new FileHasher(new Worker(source, { eval: true, workerData: { fd } }));
  }

  /** The first `bytes` of the file are written: hash them when the worker gets to it. */
  written(bytes: number): void {
    this.worker.postMessage({ type: 'upTo', bytes } satisfies ToWorker);
  }

  reset(): void {
    this.worker.postMessage({ type: 'reset' } satisfies ToWorker);
  }

  /** The SHA-256 of the first `bytes` of the file, in hex. */
  digest(bytes: number): Promise<string> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.waiting = resolve;
      this.failed = reject;
      this.worker.postMessage({ type: 'digest', bytes } satisfies ToWorker);
    });
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }

  private fail(error: Error): void {
    this.failure ??= error;
    this.failed?.(error);
  }
}
