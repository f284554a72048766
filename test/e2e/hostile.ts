import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { allOperations, type OperationId } from '@secscan/api/operations';
import { createRouter } from '../../packages/sandbox/src/router.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { secscan } from './sandbox.js';

/** What the server answers: a status and body (JSON unless a string), or a dropped connection. */
export interface Reply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Close the connection without an answer (after reading the request). */
  drop?: boolean;
  /** Wait this long before answering. */
  delayMs?: number;
  /** Send the headers and this much of the body, then hold the connection open (a stalled download). */
  partial?: string;
  /** With `partial`: then close the connection (a body cut off part-way). */
  cut?: boolean;
}

export interface Received {
  method: string;
  /** The path without `/api/v4` and without the query. */
  path: string;
  /** The operation of the table the method and path are (matched as the sandbox routes them), if any. */
  operation: OperationId | undefined;
  /** Its path parameters, decoded. */
  params: Readonly<Record<string, string>>;
  query: URLSearchParams;
  body: string;
}

export type Answer = (req: Received) => Reply;

export interface HostileServer {
  baseUrl: string;
  requests: Received[];
  /** How the next requests are answered (a 404 until set). */
  answer: Answer;
  close(): Promise<void>;
}

export const orgId = '2b7c4e3a-1f0d-4c8e-9a6b-5d4c3b2a1f00';

const route = createRouter(allOperations);

/** A service that answers whatever the test says: wrong shapes, hostile text, dropped connections. */
export async function startHostile(): Promise<HostileServer> {
  const sockets = new Set<Socket>();
  const state: HostileServer = {
    baseUrl: '',
    requests: [],
    answer: () => ({ status: 404, body: { ok: false, code: 'NOT_FOUND', message: 'not found' } }),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const path = url.pathname.replace(/^\/api\/v4/, '');
      const match = route(req.method ?? 'GET', path);
      const received: Received = {
        method: req.method ?? 'GET',
        path,
        operation: match.kind === 'found' ? (match.op.id as OperationId) : undefined,
        params: match.kind === 'found' ? match.params : {},
        query: url.searchParams,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      state.requests.push(received);
      const reply = state.answer(received);
      const send = () => {
        if (reply.drop) {
          req.socket.destroy();
          return;
        }
        const body =
          reply.body === undefined
            ? ''
            : typeof reply.body === 'string'
              ? reply.body
              : JSON.stringify(reply.body);
        res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
        if (reply.partial !== undefined) {
          res.write(reply.partial);
          if (reply.cut) setTimeout(() => req.socket.destroy(), 20);
        } else res.end(body);
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}

/** The envelope of a successful answer. */
export const ok = (response: unknown) => ({ ok: true, response });

export interface HostileCli {
  readonly server: HostileServer;
  /** The runs' working directory (and HOME), with the suite's files. */
  readonly work: string;
  /** Runs the built binary against the server, in `work`, with a token and the organization id. */
  run(args: string[]): Promise<{ exitCode: number | undefined; stdout: string; stderr: string }>;
}

/**
 * A hostile server and a scratch directory for a suite of runs of the built binary: started before the
 * suite (`setup` then adds files to `work`), the requests cleared before each test, removed after it.
 */
export function useHostileCli(setup: (work: string) => void = () => {}): HostileCli {
  let server: HostileServer | undefined;
  let work = '';
  const cli: HostileCli = {
    get server() {
      if (!server) throw new Error('the server starts in beforeAll');
      return server;
    },
    get work() {
      return work;
    },
    async run(args) {
      const env = {
        PATH: process.env.PATH ?? '',
        HOME: work,
        SECSCAN_CONFIG_DIR: join(work, 'config'),
        SECSCAN_BASE_URL: cli.server.baseUrl,
        SECSCAN_ORG_ID: orgId,
        SECSCAN_TOKEN: 'hostile-test-token',
      };
      const r = await secscan(args, env, { cwd: work });
      return { exitCode: r.exitCode, stdout: String(r.stdout ?? ''), stderr: String(r.stderr ?? '') };
    },
  };
  beforeAll(async () => {
    server = await startHostile();
    work = mkdtempSync(join(tmpdir(), 'secscan-e2e-hostile-'));
    setup(work);
  });
  afterAll(async () => {
    await server?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });
  beforeEach(() => {
    if (server) server.requests.length = 0;
  });
  return cli;
}

/** Writes `text` to `name` in `dir`. */
export const writeIn = (dir: string, name: string, text: string) => writeFileSync(join(dir, name), text);
