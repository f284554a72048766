import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent } from 'undici';
import { afterAll, beforeAll } from 'vitest';
import { compilePath, type Operation } from '@secscan/api/operation';
import { type OperationId, operations } from '@secscan/api/operations';
import { type RunningSandbox as Sandbox, startSandbox } from '@secscan/sandbox';
import { runCli, type RunResult } from '../helpers/cli.js';

/**
 * A seeded sandbox behind a proxy that can rewrite the payload of one operation's answers (a hostile or
 * broken service that otherwise answers well), and secscan run in-process against the proxy: fast enough to
 * run every command against hundreds of spoiled answers.
 */
export interface RewritingService {
  readonly sandbox: Sandbox;
  /** A scratch directory: files for the commands go here (give them by their full path). */
  readonly dir: string;
  /**
   * How `op`'s answers are spoiled: `spoil` gets `{response: payload}` (the envelope, or a bare answer
   * wrapped so), changes it in place and returns how many places it changed. Unset: passed through.
   */
  rewrite: { op: OperationId; spoil: (holder: { response: unknown }) => number } | undefined;
  /** Places spoiled and operations answered since the last `run`. */
  readonly spoiled: number;
  readonly answered: ReadonlySet<OperationId>;
  run(argv: string[], stdin?: string): Promise<RunResult>;
  file(name: string, text: string): string;
}

const routes = Object.values(operations as Record<string, Operation>)
  .map((op) => ({ op, ...compilePath(`/api/v4${op.path}`) }))
  .sort((a, b) => a.names.length - b.names.length);

function operationOf(method: string, path: string): Operation | undefined {
  return routes.find((r) => r.op.method === method && r.regex.test(path))?.op;
}

function body(stream: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

/** Starts the sandbox, the proxy and a dispatcher before the enclosing suite; stops them after it. */
export function useRewritingService(): RewritingService {
  let sandbox: Sandbox | undefined;
  let proxy: Server | undefined;
  let proxyUrl = '';
  let dir = '';
  const dispatcher = new Agent();
  let spoiled = 0;
  const answered = new Set<OperationId>();

  const service: RewritingService = {
    get sandbox() {
      if (!sandbox) throw new Error('the sandbox starts in beforeAll');
      return sandbox;
    },
    get dir() {
      return dir;
    },
    rewrite: undefined,
    get spoiled() {
      return spoiled;
    },
    answered,
    async run(argv, stdin) {
      spoiled = 0;
      answered.clear();
      return runCli(
        argv,
        {
          env: {
            SECSCAN_BASE_URL: proxyUrl,
            SECSCAN_TOKEN: service.sandbox.token,
            SECSCAN_ORG_ID: service.sandbox.orgId,
            SECSCAN_CONFIG_DIR: join(dir, 'config'),
          },
          ...(stdin === undefined ? {} : { stdin }),
        },
        dispatcher,
      );
    },
    file(name, text) {
      const path = join(dir, name);
      writeFileSync(path, text);
      return path;
    },
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'secscan-rewrite-'));
    sandbox = await startSandbox({ port: 0 });
    const upstream = new URL(sandbox.url);
    proxy = createServer((req, res) => {
      void (async () => {
        const sent = await body(req);
        const up = await new Promise<IncomingMessage>((resolve, reject) => {
          const out = httpRequest(
            {
              host: upstream.hostname,
              port: upstream.port,
              method: req.method,
              path: req.url,
              headers: { ...req.headers, host: upstream.host },
            },
            resolve,
          );
          out.on('error', reject);
          out.end(sent);
        });
        let answer = await body(up);
        const op = operationOf(req.method ?? 'GET', (req.url ?? '').split('?')[0] ?? '');
        if (op) answered.add(op.id as OperationId);
        const type = String(up.headers['content-type'] ?? '');
        const rewrite = service.rewrite;
        if (op && rewrite?.op === op.id && (up.statusCode ?? 500) < 300 && type.includes('json')) {
          const parsed: unknown = JSON.parse(answer.toString('utf8'));
          const holder = (op.envelope === false ? { response: parsed } : parsed) as { response: unknown };
          spoiled += rewrite.spoil(holder);
          answer = Buffer.from(JSON.stringify(op.envelope === false ? holder.response : holder));
        }
        const headers = { ...up.headers, 'content-length': String(answer.length) };
        delete headers['transfer-encoding'];
        res.writeHead(up.statusCode ?? 502, headers);
        res.end(answer);
      })().catch(() => {
        res.destroy();
      });
    });
    await new Promise<void>((resolve) => proxy?.listen(0, '127.0.0.1', resolve));
    proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await dispatcher.close();
    await new Promise((resolve) => (proxy ? proxy.close(resolve) : resolve(undefined)));
    await sandbox?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  return service;
}
