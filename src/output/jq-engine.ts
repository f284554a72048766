import type { Worker } from 'node:worker_threads';
import { jqEngineFile } from './jq-engine-file.js';

type ToWorker =
  | { type: 'compile'; expression: string }
  | { type: 'run'; json: string; expression: string; flags: string[] };
type FromWorker =
  | { type: 'out'; bytes: Uint8Array }
  | { type: 'done'; exitCode: number; stderr: string }
  | { type: 'failed'; stderr: string; message: string };

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

/** Bytes jq may have written that the main thread has not taken yet: the worker waits beyond them. */
const window = 4 * 1024 * 1024;

/**
 * The worker's code: jq (jq-wasm's inline build, required from `engine`) run on its own thread, so the main
 * thread stays free to hear Ctrl-C and SIGTERM and to print. jq's standard output is taken from its
 * `fd_write` import as it is written (not gathered until jq ends) and handed on in chunks, at most `window`
 * bytes ahead of what the main thread has printed (`acked`): output streams, and memory stays flat however
 * much jq prints. Written as a function so it is type-checked; it runs from its source text with only what
 * it is given.
 */
function engineMain(
  require: (id: string) => unknown,
  { engine, acked, window }: { engine: string; acked: BigInt64Array; window: number },
): void {
  const { parentPort } = require('node:worker_threads') as typeof import('node:worker_threads');
  if (!parentPort) return;
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
  let chunks: Uint8Array[] = [];
  let pending = 0;
  let sent = 0n;
  let lastPost = Date.now();
  let stderr = '';
  const decoder = new TextDecoder();
  const post = () => {
    if (pending === 0) return;
    const bytes = new Uint8Array(pending);
    let at = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, at);
      at += chunk.length;
    }
    chunks = [];
    sent += BigInt(pending);
    pending = 0;
    lastPost = Date.now();
    parentPort.postMessage({ type: 'out', bytes } satisfies FromWorker, [bytes.buffer]);
    // Not more than `window` bytes ahead of the printing: wait for the main thread to catch up.
    for (let seen = Atomics.load(acked, 0); sent - seen > BigInt(window); seen = Atomics.load(acked, 0)) {
      Atomics.wait(acked, 0, seen, 250);
    }
  };
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
        const bytes = new Uint8Array(memory.buffer, ptr, len).slice();
        total += len;
        if (fd === 2) {
          if (stderr.length < 64 * 1024) stderr += decoder.decode(bytes, { stream: true });
        } else {
          chunks.push(bytes);
          pending += len;
        }
      }
      view.setUint32(pnum, total, true);
      if (pending >= 64 * 1024 || (pending > 0 && Date.now() - lastPost >= 50)) post();
      return 0;
    };
  const instantiate = wasm.instantiate.bind(wasm);
  wasm.instantiate = async (source, imports) => {
    for (const module of Object.values(imports ?? {})) {
      for (const [name, value] of Object.entries(module)) {
        if (typeof value === 'function' && value.name === '_fd_write') {
          (module as Record<string, unknown>)[name] = hook(value as (...args: number[]) => number);
          hooked = true;
        }
      }
    }
    const result = await instantiate(source, imports);
    const exports = result.instance.exports;
    memory = Object.values(exports).find((v): v is Memory => v instanceof wasm.Memory);
    return result;
  };
  const { loadJq } = require(engine) as typeof import('jq-wasm');
  const loaded = loadJq();
  parentPort.on('message', (message: ToWorker) => {
    void loaded.then((jq) => {
      stderr = '';
      chunks = [];
      pending = 0;
      try {
        const [input, flags] = message.type === 'compile' ? ['', []] : [message.json, message.flags];
        const result = jq.raw(input, message.expression, flags);
        // Without the hook (another build of jq-wasm), what jq printed comes at its end.
        if (!hooked && result.stdout) {
          const bytes = new TextEncoder().encode(`${result.stdout}\n`);
          chunks.push(bytes);
          pending += bytes.length;
        }
        post();
        const words = hooked ? stderr : result.stderr;
        parentPort.postMessage({
          type: 'done',
          exitCode: result.exitCode,
          stderr: words,
        } satisfies FromWorker);
      } catch (error) {
        post();
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
  private listener: ((message: FromWorker) => void) | undefined;
  private failure: ((error: Error) => void) | undefined;
  private stopped = false;

  private constructor(
    private readonly worker: Worker,
    /** Bytes of jq's output the main thread has printed (the worker reads it to stay `window` ahead). */
    private readonly acked: BigInt64Array,
  ) {
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
    const acked = new BigInt64Array(new SharedArrayBuffer(8));
    const source = `(${engineMain.toString()})(require, require('node:worker_threads').workerData);`;
    const worker = new Worker(source, {
      eval: true,
      workerData: { engine: jqEngineFile(), acked, window },
      stdout: true,
      stderr: true,
    });
    return new JqEngine(worker, acked);
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

  private async *run(message: ToWorker, signal?: AbortSignal): AsyncGenerator<Uint8Array, JqEnd> {
    if (this.stopped) throw new Error('the jq engine stopped');
    const queue: FromWorker[] = [];
    let wake: (() => void) | undefined;
    let failed: Error | undefined;
    const onAbort = () => {
      failed = signal?.reason instanceof Error ? signal.reason : new Error('aborted');
      wake?.();
    };
    this.listener = (m) => {
      queue.push(m);
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
        while (queue.length === 0 && !failed) await new Promise<void>((resolve) => (wake = resolve));
        wake = undefined;
        if (failed) throw failed;
        const next = queue.shift() as FromWorker;
        if (next.type === 'out') {
          yield next.bytes;
          Atomics.add(this.acked, 0, BigInt(next.bytes.length));
          Atomics.notify(this.acked, 0);
        } else if (next.type === 'done') {
          reusable = true;
          return { exitCode: next.exitCode, stderr: next.stderr };
        } else {
          throw new JqEngineFailure(next.message, next.stderr);
        }
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
