import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable, Writable } from 'node:stream';
import { type Dispatcher, MockAgent } from 'undici';
import { afterEach, beforeEach, expect } from 'vitest';
import { buildQuery, fillPath, type QueryValue } from '@secscan/api/operation';
import { type OperationId, operations } from '@secscan/api/operations';
import { main } from '../../src/main.js';
import type { Clock } from '../../src/util/clock.js';
import { undeclaredOperations } from './operations-check.js';

export const ORIGIN = 'http://127.0.0.1:9';
export const API = '/api/v4';
export const ORG = '8f1e2d3c-4b5a-4697-8a1b-2c3d4e5f6a7b';
export const OTHER_ORG = '11111111-2222-4333-8444-555555555555';

/** A JWT-shaped string (unsigned) carrying the given claims; the client only reads `orgID`. */
export function jwt(
  claims: Record<string, unknown> = { orgID: ORG },
  secret = 'c2lnbmF0dXJlLXNlY3JldA',
): string {
  const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.${secret}`;
}

export const TOKEN = jwt();

/** The service's success envelope. */
export function ok(response: unknown, nextPage?: string): Record<string, unknown> {
  return nextPage ? { ok: true, response, next_page: nextPage } : { ok: true, response };
}

export const json = { headers: { 'content-type': 'application/json' } };

export class Capture extends Writable {
  text = '';
  isTTY: boolean;
  columns = 120;

  constructor(
    isTTY: boolean,
    private readonly onText?: (text: string) => void,
  ) {
    super();
    this.isTTY = isTTY;
  }

  override _write(chunk: Buffer | string, _enc: BufferEncoding, done: () => void): void {
    this.text += chunk.toString();
    this.onText?.(this.text);
    done();
  }

  // A terminal's cursor moves (ora's spinner calls them); the text keeps only what was written.
  cursorTo(_x: number, _y?: number | (() => void), done?: () => void): boolean {
    (typeof _y === 'function' ? _y : done)?.();
    return true;
  }

  moveCursor(_dx: number, _dy: number, done?: () => void): boolean {
    done?.();
    return true;
  }

  clearLine(_dir: number, done?: () => void): boolean {
    done?.();
    return true;
  }
}

export interface RunOptions {
  /** Added to an empty environment (plus SECSCAN_CONFIG_DIR): nothing from the real one leaks in. */
  env?: Record<string, string | undefined>;
  /** Standard input: text, or bytes as they are (which need not be UTF-8). */
  stdin?: string | Buffer;
  /** A stdin stream that stays open (for prompts), overriding `stdin`. */
  stdinStream?: Readable;
  stdinTTY?: boolean;
  stdoutTTY?: boolean;
  stderrTTY?: boolean;
  /** The terminal's width stdout reports (120 unless given). */
  columns?: number;
  signal?: AbortSignal;
  /** What main() is told its version is (`0.0.0-test` unless given); it goes into the user-agent. */
  version?: string;
  /** The clock a wait sleeps on (`fakeClock()` runs a long wait at once). */
  clock?: Clock;
  /** Told what stdout holds after each write (a test acts once something is printed). */
  onStdout?: (text: string) => void;
}

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface Cli {
  readonly agent: MockAgent;
  /** The interceptor pool for ORIGIN. */
  readonly api: ReturnType<MockAgent['get']>;
  readonly configDir: string;
  run(argv: string[], options?: RunOptions): Promise<RunResult>;
  /**
   * An interceptor for one operation, by its id: the path is filled from the table (`orgID` defaults to
   * ORG) and the query must match exactly (in any order). Chain `.reply(...)` as with MockAgent.
   */
  stub(id: OperationId, request?: StubRequest): ReturnType<ReturnType<MockAgent['get']>['intercept']>;
  /** Requests the agent saw, in order. */
  calls(): {
    method: string;
    path: string;
    query: Record<string, string>;
    body: unknown;
    headers: Record<string, unknown>;
  }[];
}

export interface StubRequest {
  path?: Record<string, string | number>;
  query?: Record<string, QueryValue>;
  /** The exact JSON body expected (compared as serialized by the client). */
  body?: unknown;
}

/** The request path of an operation as the client sends it. */
export function operationPath(id: OperationId, request: StubRequest = {}): string {
  const op = operations[id];
  return `${API}${fillPath(op.path, { orgID: ORG, ...request.path })}${buildQuery(request.query)}`;
}

/** The environment of a logged-in user by variables: service address and a token naming ORG. */
export function authEnv(extra: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  return { SECSCAN_BASE_URL: ORIGIN, SECSCAN_TOKEN: TOKEN, ...extra };
}

/**
 * Registers hooks giving each test a fresh MockAgent (net connect disabled, call history on) and config
 * dir; after each test every interceptor must have been used.
 */
export function useCli(): Cli {
  let agent: MockAgent;
  let configDir: string;
  beforeEach(() => {
    agent = new MockAgent({ enableCallHistory: true });
    agent.disableNetConnect();
    configDir = mkdtempSync(join(tmpdir(), 'secscan-test-'));
  });
  afterEach(async () => {
    try {
      agent.assertNoPendingInterceptors();
    } finally {
      await agent.close();
      rmSync(configDir, { recursive: true, force: true });
    }
  });
  return {
    get agent() {
      return agent;
    },
    get api() {
      return agent.get(ORIGIN);
    },
    get configDir() {
      return configDir;
    },
    run: async (argv, options = {}) => {
      const before = sentRequests(agent).length;
      const result = await runCli(
        argv,
        {
          ...options,
          // Journals of bulk changes go to the test's own directory, never the user's state directory.
          env: { SECSCAN_CONFIG_DIR: configDir, SECSCAN_STATE_DIR: join(configDir, 'state'), ...options.env },
        },
        agent,
      );
      // Each operation the run sent is one its verb declares (test/helpers/operations-check.ts).
      const undeclared = await undeclaredOperations(argv, sentRequests(agent).slice(before));
      if (undeclared.length) throw new Error(undeclared.join('\n'));
      return result;
    },
    stub: (id, request = {}) =>
      agent.get(ORIGIN).intercept({
        path: operationPath(id, request),
        method: operations[id].method,
        ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
      }),
    calls: () =>
      (agent.getCallHistory()?.calls() ?? []).map((c) => ({
        method: c.method,
        path: c.path,
        query: c.searchParams,
        body: c.body ? safeParse(c.body) : undefined,
        headers: (c.headers ?? {}) as Record<string, unknown>,
      })),
  };
}

function sentRequests(agent: MockAgent): { method: string; path: string }[] {
  return agent.getCallHistory()?.calls() ?? [];
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Runs main() in-process with fake streams and the given dispatcher (a MockAgent, or a real Agent). */
export async function runCli(
  argv: string[],
  options: RunOptions,
  dispatcher: Dispatcher,
): Promise<RunResult> {
  const stdout = new Capture(options.stdoutTTY ?? false, options.onStdout);
  if (options.columns !== undefined) stdout.columns = options.columns;
  const stderr = new Capture(options.stderrTTY ?? false);
  const stdin = (options.stdinStream ??
    Readable.from(options.stdin === undefined ? [] : [options.stdin])) as Readable & {
    isTTY?: boolean;
  };
  stdin.isTTY = options.stdinTTY ?? false;
  const env = Object.fromEntries(
    Object.entries(options.env ?? {}).filter(([, v]) => v !== undefined),
  ) as NodeJS.ProcessEnv;
  const code = await main({
    argv,
    version: options.version ?? '0.0.0-test',
    io: { stdin, stdout, stderr },
    env,
    dispatcher,
    signal: options.signal ?? new AbortController().signal,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  return { code, stdout: stdout.text, stderr: stderr.text };
}

/** A stdin that answers prompts line by line and stays a "terminal". */
export function typedInput(...lines: string[]): PassThrough {
  const stream = new PassThrough();
  setTimeout(() => {
    for (const line of lines) stream.write(`${line}\n`);
  }, 10);
  return stream;
}

/** Asserts a usage error: exit 2, exactly this `error:` line first, and no request sent. */
export function expectUsage(result: RunResult, message: string, cli: Cli): void {
  expect(result.stderr.split('\n')[0]).toBe(`error: ${message}`);
  expect(result.code).toBe(2);
  expect(result.stdout).toBe('');
  expect(cli.calls()).toEqual([]);
}

export interface FakeClock extends Clock {
  /** Every sleep asked for, in milliseconds, in order. */
  readonly sleeps: number[];
  /** Milliseconds since the clock was made. */
  elapsed(): number;
}

/**
 * A clock whose sleeps return at once, moving its time on by what was asked: a wait of minutes runs in a
 * moment, and what it slept is asserted, not timed. `random` is fixed; `onSleep` runs before each sleep
 * (to abort a run mid-wait, as Ctrl-C would).
 */
export function fakeClock(options: { random?: number; onSleep?: (n: number) => void } = {}): FakeClock {
  const start = Date.parse('2026-11-26T10:00:00Z');
  let now = start;
  const sleeps: number[] = [];
  return {
    sleeps,
    elapsed: () => now - start,
    now: () => now,
    random: () => options.random ?? 0.5,
    async sleep(ms, signal) {
      options.onSleep?.(sleeps.length);
      if (signal?.aborted) throw signal.reason;
      sleeps.push(ms);
      now += ms;
      await Promise.resolve();
    },
  };
}
