import type { Worker } from 'node:worker_threads';
import { jqEngineSource } from './jq-engine-file.js';

type ToWorker =
  | { type: 'compile'; expression: string }
  | { type: 'run'; json: string; expression: string; flags: string[] };
type FromWorker =
  { type: 'done'; exitCode: number; stderr: string } | { type: 'failed'; stderr: string; message: string };

/** What a run of jq ended with: its exit code and what it wrote on stderr. */
export interface JqEnd {
  exitCode: number;
  stderr: string;
}

/** jq stopped without an exit code of its own (the runtime aborted: recursion too deep, out of memory). */
export class JqEngineFailure extends Error {
  constructor(
    message: string,
    readonly stderr: string,
  ) {
    super(message);
  }
}

/** The output ring's size: how far jq may write ahead of the printing before it waits. */
const capacity = 4 * 1024 * 1024;

/** `Atomics.waitAsync` (Node 16 on; the project's TypeScript library predates it). */
const waitAsync = (
  Atomics as unknown as {
    waitAsync(
      array: BigInt64Array,
      index: number,
      value: bigint,
      timeoutMs: number,
    ): { async: boolean; value: Promise<string> | string };
  }
).waitAsync;

/** The output ring's counters: bytes jq wrote, bytes the main thread took (totals, never wrapped). */
const WRITTEN = 0;
const TAKEN = 1;

/**
 * The worker's code: jq (jq-wasm's inline build, given as its source) run on its own thread, so the main
 * thread stays free to hear Ctrl-C and SIGTERM and to print. jq's standard output is taken from its
 * `fd_write` import as it is written, into a ring of shared memory the main thread reads from as it prints:
 * output streams however long jq then computes, and jq waits when it is `capacity` bytes ahead, so memory
 * stays flat however much it prints. Written as a function so it is type-checked; it runs from its source
 * text with only what it is given.
 */
function engineMain(
  require: (id: string) => unknown,
  { engine, ring, counters }: { engine: string; ring: SharedArrayBuffer; counters: SharedArrayBuffer },
): void {
  const { parentPort } = require('node:worker_threads') as typeof import('node:worker_threads');
  if (!parentPort) return;
  const bytes = new Uint8Array(ring);
  const size = bytes.length;
  const control = new BigInt64Array(counters);
  let written = Atomics.load(control, 0);
  /** Copies `data` into the ring, waiting while it is full (the main thread frees it as it prints). */
  const put = (data: Uint8Array) => {
    for (let offset = 0; offset < data.length;) {
      let free = size - Number(written - Atomics.load(control, 1));
      while (free <= 0) {
        Atomics.wait(control, 1, Atomics.load(control, 1), 250);
        free = size - Number(written - Atomics.load(control, 1));
      }
      const n = Math.min(free, data.length - offset);
      const at = Number(written % BigInt(size));
      const first = Math.min(n, size - at);
      bytes.set(data.subarray(offset, offset + first), at);
      if (n > first) bytes.set(data.subarray(offset + first, offset + n), 0);
      offset += n;
      written += BigInt(n);
      Atomics.store(control, 0, written);
      Atomics.notify(control, 0);
    }
  };
  // The WebAssembly API, as much of it as is used (the project's types have no DOM or WebAssembly library).
  type Memory = { buffer: ArrayBuffer };
  type Imports = Record<string, Record<string, unknown>>;
  const wasm = (globalThis as unknown as { WebAssembly: Record<string, unknown> }).WebAssembly as {
    Memory: abstract new (...args: never[]) => Memory;
    instantiate(
      source: unknown,
      imports?: Imports,
    ): Promise<{ instance: { exports: Record<string, unknown> } }>;
  };
  let memory: Memory | undefined;
  let hooked = false;
  let stderr = '';
  const decoder = new TextDecoder();
  // Runaway recursion ends in the runtime's abort, which it also prints: kept for the message, not printed.
  console.error = (...args: unknown[]) => {
    if (stderr.length < 64 * 1024) stderr += `${args.map(String).join(' ')}\n`;
  };
  /** jq's writes to standard output (fd 1) and error (fd 2), taken from its memory as they are made. */
  const hook = (original: (...args: number[]) => number) =>
    function fdWrite(fd: number, iov: number, iovcnt: number, pnum: number): number {
      if ((fd !== 1 && fd !== 2) || !memory) return original(fd, iov, iovcnt, pnum);
      const view = new DataView(memory.buffer);
      let total = 0;
      for (let i = 0; i < iovcnt; i++) {
        const ptr = view.getUint32(iov + i * 8, true);
        const len = view.getUint32(iov + i * 8 + 4, true);
        const data = new Uint8Array(memory.buffer, ptr, len);
        total += len;
        if (fd === 1) put(data);
        else if (stderr.length < 64 * 1024) stderr += decoder.decode(data, { stream: true });
      }
      new DataView(memory.buffer).setUint32(pnum, total, true);
      return 0;
    };
  const instantiate = wasm.instantiate.bind(wasm);
  wasm.instantiate = async (source, imports) => {
    for (const module of Object.values(imports ?? {})) {
      for (const [name, value] of Object.entries(module)) {
        if (typeof value === 'function' && value.name === '_fd_write') {
          module[name] = hook(value as (...args: number[]) => number);
          hooked = true;
        }
      }
    }
    const result = await instantiate(source, imports);
    const exports = result.instance.exports;
    memory = Object.values(exports).find((v): v is Memory => v instanceof wasm.Memory);
    return result;
  };
  // The engine's module, run from its source as Node runs a CommonJS file (it requires nothing).
  const engineModule = { exports: {} as typeof import('jq-wasm') };
  new Function('module', 'exports', 'require', engine)(engineModule, engineModule.exports, require);
  const { loadJq } = engineModule.exports;
  const loaded = loadJq();
  parentPort.on('message', (message: ToWorker) => {
    void loaded.then((jq) => {
      stderr = '';
      try {
        const [input, flags] = message.type === 'compile' ? ['', []] : [message.json, message.flags];
        const result = jq.raw(input, message.expression, flags);
        // Without the hook (another build of jq-wasm), what jq printed comes at its end.
        if (!hooked && result.stdout) put(new TextEncoder().encode(`${result.stdout}\n`));
        parentPort.postMessage({
          type: 'done',
          exitCode: result.exitCode,
          stderr: hooked ? stderr : result.stderr,
        } satisfies FromWorker);
      } catch (error) {
        parentPort.postMessage({
          type: 'failed',
          stderr,
          message: (error as Error).message,
        } satisfies FromWorker);
      }
    });
  });
}

/**
 * jq on a thread of its own (engineMain), started when --jq is given and reused for each page; stopped when a
 * run is abandoned (Ctrl-C, SIGTERM, the reader gone) or jq's runtime failed. It never keeps the process
 * alive when idle.
 */
export class JqEngine {
  private readonly ring: Uint8Array;
  private readonly control: BigInt64Array;
  private listener: ((message: FromWorker) => void) | undefined;
  private failure: ((error: Error) => void) | undefined;
  private stopped = false;

  private constructor(
    private readonly worker: Worker,
    ring: SharedArrayBuffer,
    counters: SharedArrayBuffer,
  ) {
    this.ring = new Uint8Array(ring);
    this.control = new BigInt64Array(counters);
    worker.on('message', (message: FromWorker) => this.listener?.(message));
    worker.on('error', (error) => this.failure?.(error));
    worker.on('exit', () => {
      this.stopped = true;
      this.failure?.(new Error('the jq engine stopped'));
    });
    worker.unref();
  }

  static async start(): Promise<JqEngine> {
    const { Worker } = await import('node:worker_threads');
    const ring = new SharedArrayBuffer(capacity);
    const counters = new SharedArrayBuffer(16);
    const source = `(${engineMain.toString()})(require, require('node:worker_threads').workerData);`;
    const worker = new Worker(source, {
      eval: true,
      workerData: { engine: await jqEngineSource(), ring, counters },
      stdout: true,
      stderr: true,
    });
    return new JqEngine(worker, ring, counters);
  }

  get alive(): boolean {
    return !this.stopped;
  }

  /** Compiles EXPR (jq over no input: nothing is evaluated). */
  async compile(expression: string, signal?: AbortSignal): Promise<JqEnd> {
    const chunks = this.run({ type: 'compile', expression }, signal);
    for (;;) {
      const next = await chunks.next();
      if (next.done) return next.value;
    }
  }

  /** jq's output as it is written (chunks of bytes), then how it ended. */
  execute(
    json: string,
    expression: string,
    flags: string[],
    signal?: AbortSignal,
  ): AsyncGenerator<Uint8Array, JqEnd> {
    return this.run({ type: 'run', json, expression, flags }, signal);
  }

  /** Ends the worker (a run abandoned, or the runtime broken). */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.worker.terminate();
  }

  /** The bytes jq wrote that were not taken yet, copied out of the ring (not yet freed in it). */
  private pending(): Uint8Array | undefined {
    const written = Atomics.load(this.control, WRITTEN);
    const taken = Atomics.load(this.control, TAKEN);
    if (written === taken) return undefined;
    const n = Number(written - taken);
    const at = Number(taken % BigInt(capacity));
    const first = Math.min(n, capacity - at);
    const out = new Uint8Array(n);
    out.set(this.ring.subarray(at, at + first));
    if (n > first) out.set(this.ring.subarray(0, n - first), first);
    return out;
  }

  /** Frees what was taken: jq may write over it. */
  private take(n: number): void {
    Atomics.add(this.control, TAKEN, BigInt(n));
    Atomics.notify(this.control, TAKEN);
  }

  private async *run(message: ToWorker, signal?: AbortSignal): AsyncGenerator<Uint8Array, JqEnd> {
    if (this.stopped) throw new Error('the jq engine stopped');
    let ended: FromWorker | undefined;
    let failed: Error | undefined;
    let wake: (() => void) | undefined;
    const onAbort = () => {
      failed = signal?.reason instanceof Error ? signal.reason : new Error('aborted');
      wake?.();
    };
    this.listener = (m) => {
      ended = m;
      wake?.();
    };
    this.failure = (error) => {
      failed ??= error;
      wake?.();
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    // Whether the worker can run again: jq ended with its own exit code.
    let reusable = false;
    this.worker.ref();
    try {
      if (signal?.aborted) throw signal.reason;
      this.worker.postMessage(message);
      for (;;) {
        if (failed) throw failed;
        const data = this.pending();
        if (data) {
          yield data;
          this.take(data.length);
          continue;
        }
        // Everything jq wrote is in the ring before it says it has ended.
        if (ended?.type === 'done') {
          reusable = true;
          return { exitCode: ended.exitCode, stderr: ended.stderr };
        }
        if (ended?.type === 'failed') throw new JqEngineFailure(ended.message, ended.stderr);
        const written = Atomics.load(this.control, WRITTEN);
        const woken = new Promise<void>((resolve) => (wake = resolve));
        const notified = waitAsync(this.control, WRITTEN, written, 200);
        await Promise.race([woken, notified.async ? notified.value : undefined]);
        wake = undefined;
      }
    } finally {
      signal?.removeEventListener('abort', onAbort);
      this.listener = undefined;
      this.failure = undefined;
      // A run left part-way (or whose runtime aborted) cannot be resumed: the worker goes.
      if (reusable) this.worker.unref();
      else await this.stop();
    }
  }
}
