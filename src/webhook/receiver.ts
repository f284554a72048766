import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { maxInputBytes } from '../util/input-file.js';
import { forwardedHeaders, formatHead, parseHeaders } from './head.js';
import { DeliveryStore, type StoreDisk } from './keep.js';
import { send } from './send.js';
import { deliveryIdPattern, type DeliveryMeta } from './store.js';
import { refusedStatus, refusedVerdict } from './verdict.js';

/** One delivery as `webhook listen` prints it. */
export interface ReceivedEvent {
  time: string;
  event: string | undefined;
  deliveryId: string | undefined;
  verdict: string;
  /** The forward's status or failure; undefined when nothing was forwarded. */
  forward: number | string | undefined;
  /** Why it was refused. */
  reason?: string;
}

export interface ReceiverOptions {
  port: number;
  dir: string;
  secret: string;
  /** Seconds. */
  tolerance: number;
  forwardTo: string | undefined;
  signal: AbortSignal;
  onEvent(event: ReceivedEvent): void;
  /**
   * Milliseconds a connection has to send its request whole, head and body: past it the connection is
   * answered 408 (or closed, when nothing came) and cut, so a client that sends a byte now and then holds
   * nothing open.
   */
  requestTimeoutMs: number;
  /** The disk the deliveries are kept on (a test's makes a step fail). */
  disk?: StoreDisk;
}

export interface Receiver {
  url: string;
  /** Stops listening and waits for the deliveries under way (their forwards included). */
  close(): Promise<void>;
}

class TooLarge extends Error {}

/** A connection: its deadline, the request it carries once its head is in, whether it was cut. */
interface Connection {
  deadline: NodeJS.Timeout;
  req?: IncomingMessage;
  res?: ServerResponse;
  cut?: boolean;
}

/** What a connection cut before its request was answered is sent: written raw, then the socket destroyed. */
function rawAnswer(status: number, reason: string, message: string): string {
  const body = `${message}\n`;
  return (
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
  );
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxInputBytes) throw new TooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return typeof value === 'string' ? value : undefined;
}

/** The event and delivery id a request names (unverified: for its line only). */
const named = (req: IncomingMessage | undefined) => ({
  event: req && header(req, 'x-sl-event'),
  deliveryId: req && (header(req, 'x-sl-webhook-delivery-id') ?? header(req, 'webhook-id')),
});

function answer(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' });
  res.end(`${message}\n`);
}

/**
 * The local receiver of `webhook listen`: each POST is verified (signature over the raw bytes, timestamp,
 * delivery id never received in `dir`), kept byte for byte, answered 200, then forwarded unchanged; anything
 * else is answered 401 (signature), 400, 408 (not sent whole in time) or 500 (not kept: the sender's retry is
 * taken), reported, and neither kept nor forwarded.
 */
export async function startReceiver(options: ReceiverOptions): Promise<Receiver> {
  const { verifyWebhook, WebhookVerificationError } = await import('@secscan/api/webhook-signature');
  const store = await DeliveryStore.open(options.dir, options.disk);
  const pending = new Set<Promise<void>>();
  const connections = new WeakMap<Socket, Connection>();
  const seconds = `${Math.round(options.requestTimeoutMs / 100) / 10}s`;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const time = new Date();
    const connection = connections.get(req.socket);
    if (connection) Object.assign(connection, { req, res });
    const report = (verdict: string, extra: Partial<ReceivedEvent> = {}) =>
      options.onEvent({ time: time.toISOString(), ...named(req), verdict, forward: undefined, ...extra });
    if (req.method !== 'POST') {
      res.setHeader('allow', 'POST');
      answer(res, 405, 'deliveries are POSTed');
      return report('malformed', { reason: `${req.method ?? ''} request` });
    }
    let body: Buffer;
    try {
      body = await readBody(req);
    } catch (error) {
      // Cut by its deadline (or Node's parser): reported when it was cut.
      if (connection?.cut) return;
      if (!(error instanceof TooLarge)) throw error;
      answer(res, 413, `the body is over ${maxInputBytes} bytes`);
      return report('malformed', { reason: `a body over ${maxInputBytes} bytes` });
    }
    if (connection?.cut) return;
    if (!req.complete) throw new Error('the request was cut off before its body ended');
    if (connection) clearTimeout(connection.deadline);
    const head = formatHead(req);
    let deliveryId: string;
    let event: string | undefined;
    let timestamp: number;
    try {
      ({ deliveryId, event, timestamp } = verifyWebhook({
        body,
        headers: parseHeaders(head) ?? {},
        secret: options.secret,
        tolerance: options.tolerance,
        now: time,
      }));
    } catch (error) {
      if (!(error instanceof WebhookVerificationError)) throw error;
      answer(res, refusedStatus[error.reason], error.message);
      return report(refusedVerdict[error.reason], { reason: error.message });
    }
    if (!deliveryIdPattern.test(deliveryId)) {
      answer(res, 400, 'the delivery id cannot name a file');
      return report('malformed', { reason: 'a delivery id that cannot name a file' });
    }
    const meta: DeliveryMeta = {
      delivery_id: deliveryId,
      ...(event === undefined ? {} : { event }),
      received_at: time.toISOString(),
      timestamp,
      ...(options.forwardTo ? { forwarded_to: options.forwardTo } : {}),
    };
    if ((await store.keep(deliveryId, head, body, meta)) === 'replayed') {
      answer(res, 400, `delivery ${deliveryId} was received already`);
      return report('replayed', { reason: 'a delivery id received already' });
    }
    answer(res, 200, 'ok');
    if (!options.forwardTo) return report('verified');
    const { status } = await send(
      options.forwardTo,
      forwardedHeaders(parseHeaders(head) ?? {}),
      body,
      options.signal,
    );
    await store.record({ ...meta, forward_status: status });
    report('verified', { forward: status });
  }

  /** Past its deadline: 408 while nothing was answered, the socket destroyed (ended, it would stay open). */
  function cut(socket: Socket, connection: Connection): void {
    connection.cut = true;
    const answered = socket.bytesWritten > 0 || connection.res?.headersSent === true;
    const silent = answered || (socket.bytesRead === 0 && !connection.req);
    const what = connection.req ? 'body' : 'head';
    if (!silent && socket.writable) {
      socket.write(
        rawAnswer(408, 'Request Timeout', `the request's ${what} did not arrive within ${seconds}`),
      );
    }
    socket.destroy();
    if (silent) return;
    options.onEvent({
      time: new Date().toISOString(),
      ...named(connection.req),
      verdict: 'malformed',
      forward: undefined,
      reason: `the request's ${what} did not arrive within ${seconds}`,
    });
  }

  const server: Server = createServer(
    // Node's own limits, as a second line behind each connection's deadline.
    { headersTimeout: options.requestTimeoutMs, requestTimeout: options.requestTimeoutMs },
    (req, res) => {
      const work = handle(req, res)
        .catch((error: unknown) => {
          if (!res.headersSent && !res.destroyed) answer(res, 500, 'the delivery could not be kept');
          options.onEvent({
            time: new Date().toISOString(),
            ...named(req),
            verdict: 'error',
            forward: undefined,
            reason: (error as Error).message,
          });
        })
        .finally(() => pending.delete(work));
      pending.add(work);
    },
  );
  server.on('connection', (socket: Socket) => {
    const connection: Connection = {
      deadline: setTimeout(() => cut(socket, connection), options.requestTimeoutMs),
    };
    connections.set(socket, connection);
    socket.once('close', () => clearTimeout(connection.deadline));
  });
  // A request Node's parser refuses (a control character in a header, a head too large, Node's own timeout) is
  // answered as Node would, reported, and its socket destroyed as Node's default does.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    const connection = connections.get(socket);
    if (connection?.cut) return;
    if (connection) {
      connection.cut = true;
      clearTimeout(connection.deadline);
    }
    if (socket.writable && socket.bytesWritten === 0) {
      socket.write(
        error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? rawAnswer(408, 'Request Timeout', `the request did not arrive within ${seconds}`)
          : error.code === 'HPE_HEADER_OVERFLOW'
            ? rawAnswer(431, 'Request Header Fields Too Large', 'the request head is too large')
            : rawAnswer(400, 'Bad Request', 'the request cannot be read'),
      );
    }
    socket.destroy();
    if (error.code === 'ECONNRESET') return;
    options.onEvent({
      time: new Date().toISOString(),
      ...named(connection?.req),
      verdict: 'malformed',
      forward: undefined,
      reason: `an HTTP request Node.js cannot read (${error.code ?? error.message})`,
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    async close() {
      const closed = new Promise((resolve) => server.close(resolve));
      server.closeIdleConnections();
      await Promise.allSettled([...pending]);
      server.closeAllConnections();
      await closed;
    },
  };
}
