import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import { setTimeout as delay } from 'node:timers/promises';
import type { Operation } from '@secscan/api/operation';
import { allOperations } from '@secscan/api/operations';
import { checkQuery } from '@secscan/api/query';
import type { OperationSchemas } from '@secscan/api/schema';
import { recordWrite } from './audit/trail.js';
import { authenticate } from './auth.js';
import { handleControl, isControlPath } from './control.js';
import { isStandInPath, serveStandIn, StandIns } from './providers/index.js';
import {
  defaultSettings,
  error,
  forbidden,
  type Handler,
  type HandlerContext,
  type HandlerMap,
  invalid,
  type Reply,
  ReplyError,
  type SandboxSettings,
} from './http.js';
import { requestOrigin } from './origin.js';
import { apiPrefix } from './paging.js';
import { servePage } from './pages.js';
import { serveCallback } from './oauth.js';
import { missingScope } from './permissions.js';
import { Faults, faultReply, withHeaders } from './faults.js';
import { type RateLimit, RateLimiter } from './rate-limit.js';
import { Link, pieces } from './bandwidth.js';
import { createRouter } from './router.js';
import type { SandboxState } from './state.js';
import type { Delivery, DeliveryOptions } from './webhooks.js';

export interface ServerOptions {
  state: SandboxState;
  handlers: Readonly<HandlerMap>;
  /** Share of requests (0..1) answered with a 503 or a dropped connection. */
  failRate?: number;
  latencyMs?: number;
  /** At most this many API requests per window; the others are answered 429 (`--rate-limit`). */
  rateLimit?: RateLimit | undefined;
  /** Every answer body goes through one link of this many bytes per second (`--bandwidth`). */
  bandwidth?: number | undefined;
  log?: (line: string) => void;
  /** Called after a request that changed the state succeeded (to persist it). */
  onChange?: (state: SandboxState) => void;
  operations?: readonly Operation[];
  /** Every operation's schemas, by operationId (`allSchemas()`): request bodies are validated against them. */
  schemas: Readonly<Record<string, OperationSchemas>>;
  /** Serve HTTPS with this key and certificate (PEM). */
  tls?: { key: string; cert: string };
  /** Webhook deliveries of the control routes: retry policy, and where the deliveries under way are kept. */
  webhooks?: DeliveryOptions & { track(delivery: Delivery): void };
  /** The timer of the scans under way, armed when the control route records a running scan. */
  running?: { schedule(): void };
  settings?: SandboxSettings;
  /** The stand-ins of the code hosts' comment APIs (`/_providers/`); a new set unless given. */
  standIns?: StandIns;
  /** The fault rules (`--fault`, `POST /_sandbox/faults`): answers a client must survive; none unless given. */
  faults?: Faults;
}

const maxBodyBytes = 1024 * 1024;
/** A code host's comment may hold a million characters: the stand-ins read up to this much. */
const maxStandInBodyBytes = 8 * 1024 * 1024;

class BodyTooLarge extends Error {}

async function readBody(req: IncomingMessage, limit = maxBodyBytes): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new BodyTooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Checks the query string against the operation's declared parameters (@secscan/api/query): a value of the
 * wrong type or outside its values or range is the service's validation error. An operation that takes
 * parameters refuses a name it does not declare (a filter the sandbox does not know would otherwise be
 * ignored, and its answer would look right while being wrong); one that takes none ignores them all.
 */
function checkParameters(schemas: OperationSchemas, query: URLSearchParams): Reply | undefined {
  const problem = schemas.query ? checkQuery(schemas.query, query, { closed: true }) : undefined;
  if (!problem) return undefined;
  const { name, missing, unknown, expected } = problem;
  const what = unknown ? 'unknown' : missing ? 'missing' : 'invalid';
  return invalid(`${what} query parameter ${name}`, [`${name}: ${expected}`]);
}

/** Parses and validates the body against the operation's (strict) schema. */
function parseBody(
  op: Operation,
  schemas: OperationSchemas,
  raw: string,
): { ok: true; body: unknown } | { ok: false; reply: Reply } {
  if (op.requestMedia && !/json/.test(op.requestMedia)) return { ok: true, body: raw };
  let body: unknown;
  if (raw.trim() !== '') {
    try {
      body = JSON.parse(raw);
    } catch (e) {
      return { ok: false, reply: invalid('malformed JSON body', [`body: ${(e as Error).message}`]) };
    }
  }
  if (!schemas.body) return { ok: true, body };
  const parsed = schemas.body.safeParse(body);
  if (parsed.success) return { ok: true, body: parsed.data };
  const issues = parsed.error.issues.map((i) =>
    i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message,
  );
  return { ok: false, reply: invalid('invalid request body', issues) };
}

/**
 * Writes chunks as the client takes them. A source that fails (an injected cut) ends the connection right
 * after the bytes already written, short of the announced length, as a dropped transfer would.
 */
async function sendStream(
  res: ServerResponse,
  chunks: Iterable<Buffer> | AsyncIterable<Buffer>,
  link: Link | undefined,
): Promise<void> {
  try {
    for await (const chunk of link ? paced(chunks) : chunks) {
      if (res.destroyed) return;
      if (link) await link.take(chunk.length);
      if (res.destroyed) return;
      if (!res.write(chunk)) {
        await new Promise<void>((resolve) => {
          const done = () => {
            res.off('drain', done).off('close', done);
            resolve();
          };
          res.on('drain', done).on('close', done);
        });
      }
    }
    res.end();
  } catch {
    res.socket?.end();
  }
}

/** The chunks of a stream cut into pieces of at most `pieceBytes`, for a paced link. */
async function* paced(chunks: Iterable<Buffer> | AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  for await (const chunk of chunks) yield* pieces(chunk);
}

function send(res: ServerResponse, reply: Reply, link?: Link): void {
  if (reply.stream) {
    res.writeHead(reply.status, {
      'content-type': reply.media ?? 'application/octet-stream',
      'content-length': reply.stream.length,
      ...reply.headers,
    });
    void sendStream(res, reply.stream.chunks(), link);
    return;
  }
  const media = reply.media ?? 'application/json; charset=utf-8';
  const payload =
    reply.body === undefined
      ? ''
      : reply.media
        ? (reply.body as string | Buffer)
        : JSON.stringify(reply.body);
  // No body, no media type: an empty answer is not JSON (a client, or Prism, would fail to parse it).
  const headers: Record<string, string | number> = {
    ...(reply.body === undefined ? {} : { 'content-type': media }),
    'content-length': Buffer.byteLength(payload),
  };
  if (reply.status === 401) headers['www-authenticate'] = 'Bearer';
  res.writeHead(reply.status, { ...headers, ...reply.headers });
  // Paced: the body goes out piece by piece when the link has carried what was handed to it before.
  if (link && payload.length > 0) void sendStream(res, pieces(Buffer.from(payload)), link);
  else res.end(payload);
}

/** The local service: routing from the operations table, bearer auth, scopes, faults, then the area handler. */
export function createSandboxServer(options: ServerOptions): Server {
  const { state, handlers, log } = options;
  const route = createRouter(options.operations ?? allOperations);
  /** The operation a request is, for the fault rules that name one. */
  const operationOf = (method: string | undefined, path: string): string | undefined => {
    const match = route(method ?? 'GET', path.slice(apiPrefix.length));
    return match.kind === 'found' ? match.op.id : undefined;
  };
  let faults = 0;
  const limiter = options.rateLimit ? new RateLimiter(options.rateLimit, log) : undefined;
  const link = options.bandwidth ? new Link(options.bandwidth) : undefined;
  const standIns = options.standIns ?? new StandIns();
  const faultRules = options.faults ?? new Faults();

  async function respond(
    req: IncomingMessage,
    rawPath: string,
    baseUrl: string,
    search: string,
  ): Promise<Reply> {
    const standIn = isStandInPath(rawPath);
    const limit = standIn ? maxStandInBodyBytes : maxBodyBytes;
    let raw: string;
    try {
      raw = await readBody(req, limit);
    } catch (e) {
      if (!(e instanceof BodyTooLarge)) throw e;
      return error(413, 'PAYLOAD_TOO_LARGE', `the body exceeds ${limit} bytes`);
    }
    const method = req.method ?? 'GET';
    // The code hosts' comment APIs, stood in for: what a pull-request comment is tested against.
    if (standIn) {
      const call = { method, path: rawPath, query: new URLSearchParams(search), headers: req.headers };
      return serveStandIn({ ...call, body: raw, origin: baseUrl, state }, standIns);
    }
    // The stand-in pages a browser reaches from the authorization redirects and the work-item links.
    if (rawPath.startsWith('/sandbox/')) {
      const page = servePage({ method, path: rawPath, query: new URLSearchParams(search), state, baseUrl });
      if (page.changed) options.onChange?.(state);
      return page.reply;
    }
    if (isControlPath(rawPath)) {
      let changed = false;
      const reply = handleControl({
        method,
        path: rawPath,
        query: new URLSearchParams(search),
        authorization: req.headers.authorization,
        body: raw,
        state,
        save: () => {
          changed = true;
        },
        deliveries: { ...options.webhooks, log, track: (d) => options.webhooks?.track(d) },
        faults: faultRules,
        running: options.running ?? { schedule: () => {} },
      });
      if (changed) options.onChange?.(state);
      return reply;
    }
    const match = rawPath.startsWith(`${apiPrefix}/`)
      ? route(method, rawPath.slice(apiPrefix.length))
      : undefined;
    // The service's own answers: its envelope and a generic message, never a word of the sandbox.
    if (!match || match.kind === 'none') return error(404, 'NOT_FOUND', 'Not Found');
    if (match.kind === 'bad-path') return error(400, 'BAD_REQUEST', 'the path is not valid percent-encoding');
    if (match.kind === 'method') {
      return error(
        405,
        'METHOD_NOT_ALLOWED',
        `${method} is not allowed here (use ${match.allowed.join(', ')})`,
      );
    }
    const { op, params } = match;
    // The OAuth callbacks: a browser sent back by the vendor, without a token.
    const callback = serveCallback({
      opId: op.id,
      params,
      query: new URLSearchParams(search),
      state,
      baseUrl,
    });
    if (callback) {
      if (callback.changed) options.onChange?.(state);
      return callback.reply;
    }
    const handler = handlers[op.id as keyof HandlerMap] as Handler | undefined;
    if (!handler) return error(501, 'NOT_IMPLEMENTED', 'Not Implemented');
    const auth = authenticate(state, req.headers.authorization);
    if (!auth.ok) return error(401, 'UNAUTHORIZED', auth.message);
    const { caller } = auth;
    if (params.orgID !== undefined && params.orgID !== state.org.id) {
      return forbidden(`the token does not belong to organization ${params.orgID}`);
    }
    const missing = missingScope(state, caller, op, { appID: params.appID, rbacTeamID: params.rbacTeamID });
    if (missing) return forbidden(`missing scope ${missing}`);
    const query = new URLSearchParams(search);
    const refused = checkParameters(options.schemas[op.id] ?? {}, query);
    if (refused) return refused;
    const body = parseBody(op, options.schemas[op.id] ?? {}, raw);
    if (!body.ok) return body.reply;
    let changed = false;
    const ctx: HandlerContext = {
      op,
      params: params as HandlerContext['params'],
      query,
      headers: req.headers,
      body: body.body,
      caller,
      state,
      baseUrl,
      save: () => {
        changed = true;
      },
      settings: options.settings ?? defaultSettings,
    };
    const reply = await handler(ctx);
    if (op.method !== 'GET' && reply.status < 400) {
      recordWrite(state, caller, op, rawPath.slice(apiPrefix.length), reply.status);
      changed = true;
    }
    if (changed && reply.status < 400) options.onChange?.(state);
    return reply;
  }

  const listener: RequestListener = (req, res) => {
    const started = performance.now();
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const rawPath = q === -1 ? url : url.slice(0, q);
    const search = q === -1 ? '' : url.slice(q + 1);
    const baseUrl = requestOrigin(req);
    const finish = (status: number | string) =>
      log?.(`${req.method} ${rawPath} ${status} ${Math.round(performance.now() - started)}ms`);
    const api = rawPath.startsWith(`${apiPrefix}/`);
    // A fault rule takes the request first: held, answered with its error, or served with its headers.
    const fault = api && faultRules.active ? faultRules.take(operationOf(req.method, rawPath)) : undefined;
    // Held: never answered, until the client goes away or the sandbox stops (closing every connection).
    if (fault?.hold) {
      req.resume();
      finish('held');
      return;
    }
    if (fault?.status !== undefined) {
      req.resume();
      send(res, faultReply({ ...fault, status: fault.status }), link);
      finish(fault.status);
      return;
    }
    const admission = limiter && api ? limiter.admit() : undefined;
    if (admission?.refused) {
      send(res, { ...admission.refused, headers: admission.headers }, link);
      finish(429);
      return;
    }
    void (async () => {
      // Faults are for the API: the control routes that drive the sandbox (and the stand-ins) answer reliably.
      const control = isControlPath(rawPath) || isStandInPath(rawPath);
      if (options.latencyMs && !control) await delay(options.latencyMs);
      if (options.failRate && !control && Math.random() < options.failRate) {
        // Alternating keeps the two faults at half each, whatever the rate.
        if (faults++ % 2 === 1) {
          req.socket.destroy();
          finish('dropped');
          return;
        }
        send(res, error(503, 'SERVICE_UNAVAILABLE', 'injected fault: the service is unavailable'), link);
        finish(503);
        return;
      }
      let reply: Reply;
      try {
        reply = await respond(req, rawPath, baseUrl, search);
      } catch (e) {
        if (e instanceof ReplyError) reply = e.reply;
        else {
          log?.(`sandbox: ${(e as Error).stack ?? String(e)}`);
          reply = error(500, 'INTERNAL_SERVER_ERROR', 'Internal Server Error');
        }
      }
      const headers = withHeaders({ ...admission?.headers, ...reply.headers }, fault?.headers);
      send(res, admission || fault ? { ...reply, headers } : reply, link);
      finish(reply.status);
    })();
  };
  const server = options.tls
    ? createTlsServer({ key: options.tls.key, cert: options.tls.cert }, listener)
    : createServer(listener);
  if (limiter) server.on('close', () => limiter.flush());
  return server;
}
