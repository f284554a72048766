import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, request, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';

export interface Violation {
  location?: string[];
  severity?: string;
  code?: string | number;
  message: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  status: number;
  violations: Violation[];
}

export interface ContractServer {
  /** The proxy's address: the client adds `/api/v4`, the proxy strips it before Prism. */
  baseUrl: string;
  requests: RecordedRequest[];
  /**
   * A status to ask Prism for (`Prefer: code=N`): without it Prism answers an operation that documents
   * no 2xx (the 302 redirects) with its default response.
   */
  preferStatus: number | undefined;
  close(): Promise<void>;
}

const apiPrefix = '/api/v4';
const prismBin = createRequire(import.meta.url).resolve('@stoplight/prism-cli/dist/index.js');

/** Starts Prism (`mock DOC` or `proxy DOC UPSTREAM`, with `--errors`) on a free port, once it listens. */
async function spawnPrism(
  args: string[],
  bootTimeoutMs: number,
): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [prismBin, ...args, '--host', '127.0.0.1', '--port', String(port), '--errors'],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' } },
  );
  try {
    await listening(child, bootTimeoutMs);
  } catch (error) {
    await stop(child);
    throw error;
  }
  return { child, port };
}

export interface PrismProxy {
  /** Where clients send their requests: Prism validates them and the answers against the document. */
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * Prism's validation proxy (`prism proxy DOC UPSTREAM --errors`) in front of a server: every request and
 * answer is checked against the document, the violations in the `sl-violations` header of each answer
 * (with `--errors`, a 500 problem+json replaces an answer that has some). DOC's paths must be those the
 * client sends: Prism forwards the path as it came, to UPSTREAM.
 */
export async function startPrismProxy(
  specFile: string,
  upstream: string,
  bootTimeoutMs = 45_000,
): Promise<PrismProxy> {
  const { child, port } = await spawnPrism(['proxy', specFile, upstream], bootTimeoutMs);
  return { baseUrl: `http://127.0.0.1:${port}`, close: () => stop(child) };
}

/** Serves the document with Prism (static examples, `--errors`) behind a recording proxy. */
export async function startPrism(specFile: string, bootTimeoutMs = 45_000): Promise<ContractServer> {
  const { child, port: prismPort } = await spawnPrism(['mock', specFile], bootTimeoutMs);
  const requests: RecordedRequest[] = [];
  const proxy = createServer((req, res) => {
    const url = req.url ?? '/';
    const record: RecordedRequest = { method: req.method ?? 'GET', path: url, status: 0, violations: [] };
    requests.push(record);
    if (url !== apiPrefix && !url.startsWith(`${apiPrefix}/`) && !url.startsWith(`${apiPrefix}?`)) {
      record.status = 404;
      record.violations.push({ message: `request path ${url} lacks the ${apiPrefix} prefix` });
      res.writeHead(404).end();
      return;
    }
    const upstream = request(
      {
        host: '127.0.0.1',
        port: prismPort,
        method: req.method,
        path: url.slice(apiPrefix.length) || '/',
        headers: {
          ...req.headers,
          host: `127.0.0.1:${prismPort}`,
          ...(server.preferStatus ? { prefer: `code=${server.preferStatus}` } : {}),
        },
      },
      async (answer) => {
        const chunks: Buffer[] = [];
        for await (const chunk of answer) chunks.push(chunk as Buffer);
        const body = Buffer.concat(chunks);
        record.status = answer.statusCode ?? 0;
        record.violations.push(...violationsOf(answer.headers, body));
        res.writeHead(record.status, answer.headers).end(body);
      },
    );
    upstream.on('error', (error) => {
      record.violations.push({ message: `proxy could not reach Prism: ${error.message}` });
      res.writeHead(502).end();
    });
    req.pipe(upstream);
  });
  proxy.listen(0, '127.0.0.1');
  await once(proxy, 'listening');
  const { port } = proxy.address() as AddressInfo;
  const server: ContractServer = {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    preferStatus: undefined,
    close: async () => {
      await Promise.all([closeServer(proxy), stop(child)]);
    },
  };
  return server;
}

/**
 * Prism reports request violations in the `sl-violations` header; with `--errors` it also answers 4xx, with
 * a problem+json body carrying `validation[]` when the document has no error response of its own.
 */
export function violationsOf(
  headers: Record<string, string | string[] | undefined>,
  body: Buffer,
): Violation[] {
  const out: Violation[] = [];
  const header = headers['sl-violations'];
  if (typeof header === 'string' && header) out.push(...(JSON.parse(header) as Violation[]));
  if (String(headers['content-type']).includes('problem+json') && out.length === 0) {
    const problem = JSON.parse(body.toString('utf8')) as {
      title?: string;
      detail?: string;
      validation?: Violation[];
    };
    out.push(...(problem.validation ?? []));
    if (out.length === 0)
      out.push({ message: `Prism: ${problem.title ?? ''} ${problem.detail ?? ''}`.trim() });
  }
  return out;
}

async function listening(child: ChildProcess, timeoutMs: number): Promise<void> {
  let output = '';
  let onData: (chunk: Buffer) => void = () => {};
  let onExit: (code: number | null, signal: string | null) => void = () => {};
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`Prism did not start within ${timeoutMs} ms:\n${output.slice(-4000)}`)),
        timeoutMs,
      );
      onData = (chunk) => {
        output += chunk.toString('utf8');
        if (/Prism is listening on/.test(output)) {
          clearTimeout(timer);
          resolve();
        }
      };
      onExit = (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`Prism exited (${signal ?? code}) before listening:\n${output.slice(-4000)}`));
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      child.once('exit', onExit);
    });
  } finally {
    child.stdout?.off('data', onData);
    child.stderr?.off('data', onData);
    child.off('exit', onExit);
  }
  // Keep draining Prism's log so a full pipe never blocks it.
  child.stdout?.resume();
  child.stderr?.resume();
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  await closeServer(server);
  return port;
}
