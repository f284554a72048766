import type { Worker } from 'node:worker_threads';

/** What the worker is asked: hash up to a point; the digest of the bytes up to a point; start over. */
type ToWorker =
  | { type: 'upTo'; bytes: number }
  | { type: 'digest'; bytes: number; id: number }
  | { type: 'reset'; id: number };
/** Its answers, each to the request of that id; a failure with no id is that of an `upTo`. */
type FromWorker = { id: number; hex?: string } | { id?: number; failed: string };

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
        parentPort.postMessage({ id: message.id } satisfies FromWorker);
      } else if (message.type === 'upTo') upTo(message.bytes);
      else {
        upTo(message.bytes);
        // Past that point already: its digest is gone (the caller asks only at points not yet told).
        const hex = hashed === message.bytes ? hash.copy().digest('hex') : undefined;
        parentPort.postMessage({ id: message.id, ...(hex ? { hex } : {}) } satisfies FromWorker);
      }
    } catch (error) {
      const id = message.type === 'upTo' ? {} : { id: message.id };
      parentPort.postMessage({ ...id, failed: (error as Error).message } satisfies FromWorker);
    }
  });
}

/**
 * A SHA-256 of a file as it is written, computed by a worker thread that reads it back. Its digests are of
 * a prefix of the file (the hash goes on after them), so a `.part`'s record can hold the digest of the bytes
 * it calls synced.
 */
export class FileHasher {
  private readonly worker: Worker;
  private failure: Error | undefined;
  private nextId = 0;
  private readonly waiting = new Map<
    number,
    { resolve: (hex: string | undefined) => void; reject: (error: Error) => void }
  >();

  private constructor(worker: Worker) {
    this.worker = worker;
    worker.on('message', (message: FromWorker) => {
      const waiter = message.id === undefined ? undefined : this.waiting.get(message.id);
      if (message.id !== undefined) this.waiting.delete(message.id);
      if ('failed' in message) {
        const error = new Error(message.failed);
        this.fail(error);
        waiter?.reject(error);
      } else waiter?.resolve(message.hex);
    });
    // A worker that died answers nothing more: whoever waits is told.
    worker.on('error', (error) => {
      this.fail(error);
      for (const waiter of this.waiting.values()) waiter.reject(error);
      this.waiting.clear();
    });
    worker.on('exit', () => {
      for (const waiter of this.waiting.values()) waiter.reject(new Error('the hashing thread stopped'));
      this.waiting.clear();
    });
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

  /**
   * Starts over from the first byte; resolves once the worker has, so every read it was asked for before is
   * over (the file may then be truncated under it).
   */
  async reset(): Promise<void> {
    await this.ask((id) => ({ type: 'reset', id }));
    this.failure = undefined;
  }

  /**
   * The SHA-256 of the first `bytes` of the file, in hex; undefined when the worker has hashed past them
   * already (it is never told more than the sink has written, so a point not yet told is never past).
   */
  digest(bytes: number): Promise<string | undefined> {
    if (this.failure) return Promise.reject(this.failure);
    return this.ask((id) => ({ type: 'digest', bytes, id }));
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }

  private ask(message: (id: number) => ToWorker): Promise<string | undefined> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage(message(id));
    });
  }

  private fail(error: Error): void {
    this.failure ??= error;
  }
}
