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
import type { OperationSchemas } from '@secscan/api/schema';
import type { FaultRule } from '@secscan/api/sandbox-control';
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
  type Reply,
  ReplyError,
  type SandboxSettings,
} from './http.js';
import { requestOrigin } from './origin.js';
import { apiPrefix } from './paging.js';
import { servePage } from './pages.js';
import { serveCallback } from './oauth.js';
import { type Caller, missingScope } from './permissions.js';
import { Faults, faultReply, withHeaders } from './faults.js';
import { type Admission, type RateLimit, RateLimiter } from './rate-limit.js';
import { Link } from './bandwidth.js';
import { checkParameters, parseBody, type Read, readRequestBody } from './request.js';
import { createRouter, type Router } from './router.js';
import { send } from './send.js';
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

/** What every request to one server shares. */
interface Service {
  options: ServerOptions;
  route: Router;
  standIns: StandIns;
  faults: Faults;
  limiter: RateLimiter | undefined;
  link: Link | undefined;
  /** Requests failed by `failRate` so far: alternately answered 503 and dropped. */
  failed: number;
}

/** A request as the server reads its URL: the path still percent-encoded, the query string apart. */
interface Incoming {
  req: IncomingMessage;
  method: string;
  rawPath: string;
  search: string;
  /** The scheme and host the client used. */
  baseUrl: string;
}

type Found = { op: Operation; params: Record<string, string> };

function incoming(req: IncomingMessage): Incoming {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  return {
    req,
    method: req.method ?? 'GET',
    rawPath: q === -1 ? url : url.slice(0, q),
    search: q === -1 ? '' : url.slice(q + 1),
    baseUrl: requestOrigin(req),
  };
}

const isApiPath = (rawPath: string) => rawPath.startsWith(`${apiPrefix}/`);

/** The operation a request is, for the fault rules that name one. */
function operationOf(service: Service, method: string | undefined, path: string): string | undefined {
  const match = service.route(method ?? 'GET', path.slice(apiPrefix.length));
  return match.kind === 'found' ? match.op.id : undefined;
}

/**
 * The sandbox's own paths, outside the API: the code hosts' comment APIs stood in for (what a pull-request
 * comment is tested against), the pages a browser reaches from the authorization redirects and the
 * work-item links, and the control routes that drive the sandbox. Undefined for any other path.
 */
function serveOwnPath(service: Service, call: Incoming, body: string): Reply | undefined {
  const { options, standIns } = service;
  const { state } = options;
  const { req, method, rawPath, search, baseUrl } = call;
  if (isStandInPath(rawPath)) {
    const request = { method, path: rawPath, query: new URLSearchParams(search), headers: req.headers };
    return serveStandIn({ ...request, body, origin: baseUrl, state }, standIns);
  }
  if (rawPath.startsWith('/sandbox/')) {
    const page = servePage({ method, path: rawPath, query: new URLSearchParams(search), state, baseUrl });
    if (page.changed) options.onChange?.(state);
    return page.reply;
  }
  if (!isControlPath(rawPath)) return undefined;
  let changed = false;
  const reply = handleControl({
    method,
    path: rawPath,
    query: new URLSearchParams(search),
    authorization: req.headers.authorization,
    body,
    state,
    save: () => {
      changed = true;
    },
    deliveries: { ...options.webhooks, log: options.log, track: (d) => options.webhooks?.track(d) },
    faults: service.faults,
    running: options.running ?? { schedule: () => {} },
  });
  if (changed) options.onChange?.(state);
  return reply;
}

/** The operation of an API path, or the service's own answer (its envelope, never a word of the sandbox). */
function routeApi(service: Service, method: string, rawPath: string): Read<Found> {
  const match = isApiPath(rawPath) ? service.route(method, rawPath.slice(apiPrefix.length)) : undefined;
  if (!match || match.kind === 'none') return { ok: false, reply: error(404, 'NOT_FOUND', 'Not Found') };
  if (match.kind === 'bad-path') {
    return { ok: false, reply: error(400, 'BAD_REQUEST', 'the path is not valid percent-encoding') };
  }
  if (match.kind === 'method') {
    const allowed = match.allowed.join(', ');
    return {
      ok: false,
      reply: error(405, 'METHOD_NOT_ALLOWED', `${method} is not allowed here (use ${allowed})`),
    };
  }
  return { ok: true, value: { op: match.op, params: match.params } };
}

/** The caller, when the bearer token is valid, of this organization, and holds the operation's scope. */
function authorize(state: SandboxState, call: Incoming, { op, params }: Found): Read<Caller> {
  const auth = authenticate(state, call.req.headers.authorization);
  if (!auth.ok) return { ok: false, reply: error(401, 'UNAUTHORIZED', auth.message) };
  const { caller } = auth;
  if (params.orgID !== undefined && params.orgID !== state.org.id) {
    return { ok: false, reply: forbidden(`the token does not belong to organization ${params.orgID}`) };
  }
  const missing = missingScope(state, caller, op, { appID: params.appID, rbacTeamID: params.rbacTeamID });
  if (missing) return { ok: false, reply: forbidden(`missing scope ${missing}`) };
  return { ok: true, value: caller };
}

/** A handler's context, once the query and the body passed the operation's schemas; `save` marks a change. */
function handlerContext(
  service: Service,
  call: Incoming,
  found: Found,
  caller: Caller,
  raw: string,
  save: () => void,
): Read<HandlerContext> {
  const { op, params } = found;
  const { options } = service;
  const query = new URLSearchParams(call.search);
  const refused = checkParameters(options.schemas[op.id] ?? {}, query);
  if (refused) return { ok: false, reply: refused };
  const body = parseBody(op, options.schemas[op.id] ?? {}, raw);
  if (!body.ok) return body;
  const { headers } = call.req;
  const { state, settings = defaultSettings } = options;
  const ctx: HandlerContext = {
    op,
    params: params as HandlerContext['params'],
    query,
    headers,
    body: body.value,
    caller,
    state,
    baseUrl: call.baseUrl,
    save,
    settings,
  };
  return { ok: true, value: ctx };
}

/** An API request, served by its operation's handler (the OAuth callbacks come back without a token). */
async function serveOperation(service: Service, call: Incoming, raw: string): Promise<Reply> {
  const { options } = service;
  const { state } = options;
  const found = routeApi(service, call.method, call.rawPath);
  if (!found.ok) return found.reply;
  const { op, params } = found.value;
  const query = new URLSearchParams(call.search);
  const callback = serveCallback({ opId: op.id, params, query, state, baseUrl: call.baseUrl });
  if (callback) {
    if (callback.changed) options.onChange?.(state);
    return callback.reply;
  }
  const handler = options.handlers[op.id as keyof HandlerMap] as Handler | undefined;
  if (!handler) return error(501, 'NOT_IMPLEMENTED', 'Not Implemented');
  const caller = authorize(state, call, found.value);
  if (!caller.ok) return caller.reply;
  let changed = false;
  const ctx = handlerContext(service, call, found.value, caller.value, raw, () => {
    changed = true;
  });
  if (!ctx.ok) return ctx.reply;
  const reply = await handler(ctx.value);
  // A write that succeeded is in the audit trail, and the state it changed is saved.
  if (op.method !== 'GET' && reply.status < 400) {
    recordWrite(state, caller.value, op, call.rawPath.slice(apiPrefix.length), reply.status);
    changed = true;
  }
  if (changed && reply.status < 400) options.onChange?.(state);
  return reply;
}

/** The answer to a request: the sandbox's own paths, else the API; a handler's throw is an answer too. */
async function respond(service: Service, call: Incoming): Promise<Reply> {
  try {
    const body = await readRequestBody(call.req, isStandInPath(call.rawPath));
    if (!body.ok) return body.reply;
    return (
      (await serveOwnPath(service, call, body.value)) ?? (await serveOperation(service, call, body.value))
    );
  } catch (e) {
    if (e instanceof ReplyError) return e.reply;
    service.options.log?.(`sandbox: ${(e as Error).stack ?? String(e)}`);
    return error(500, 'INTERNAL_SERVER_ERROR', 'Internal Server Error');
  }
}

type Finish = (status: number | string) => void;

/** What an API request meets before it is served: a fault rule, then the rate limit. */
interface Gate {
  fault: FaultRule | undefined;
  admission: Admission | undefined;
}

/**
 * A fault rule takes the request first: held (never answered, until the client goes away or the sandbox
 * stops, closing every connection), answered with its error, or served with its headers. Then the rate
 * limit may refuse it. Undefined when the request was answered (or held) here.
 */
function admit(service: Service, call: Incoming, res: ServerResponse, finish: Finish): Gate | undefined {
  const { req, rawPath } = call;
  const api = isApiPath(rawPath);
  const fault =
    api && service.faults.active ? service.faults.take(operationOf(service, req.method, rawPath)) : undefined;
  if (fault?.hold) {
    req.resume();
    finish('held');
    return undefined;
  }
  if (fault?.status !== undefined) {
    req.resume();
    send(res, faultReply({ ...fault, status: fault.status }), service.link);
    finish(fault.status);
    return undefined;
  }
  const admission = service.limiter && api ? service.limiter.admit() : undefined;
  if (admission?.refused) {
    send(res, { ...admission.refused, headers: admission.headers }, service.link);
    finish(429);
    return undefined;
  }
  return { fault, admission };
}

/**
 * `latencyMs` and `failRate`: a wait, then a share of requests answered 503 or dropped. They are for the
 * API: the control routes that drive the sandbox (and the stand-ins) answer reliably. True when the
 * request was failed here.
 */
async function injectChaos(
  service: Service,
  call: Incoming,
  res: ServerResponse,
  finish: Finish,
): Promise<boolean> {
  const { latencyMs, failRate } = service.options;
  const control = isControlPath(call.rawPath) || isStandInPath(call.rawPath);
  if (latencyMs && !control) await delay(latencyMs);
  if (!failRate || control || Math.random() >= failRate) return false;
  // Alternating keeps the two faults at half each, whatever the rate.
  if (service.failed++ % 2 === 1) {
    call.req.socket.destroy();
    finish('dropped');
    return true;
  }
  send(res, error(503, 'SERVICE_UNAVAILABLE', 'injected fault: the service is unavailable'), service.link);
  finish(503);
  return true;
}

/** Each request: faults and the rate limit, then the answer, written with the headers they add; one log line. */
function listener(service: Service): RequestListener {
  return (req, res) => {
    const started = performance.now();
    const call = incoming(req);
    const finish: Finish = (status) =>
      service.options.log?.(
        `${req.method} ${call.rawPath} ${status} ${Math.round(performance.now() - started)}ms`,
      );
    const gate = admit(service, call, res, finish);
    if (!gate) return;
    void (async () => {
      if (await injectChaos(service, call, res, finish)) return;
      const reply = await respond(service, call);
      const { fault, admission } = gate;
      const headers = withHeaders({ ...admission?.headers, ...reply.headers }, fault?.headers);
      send(res, admission || fault ? { ...reply, headers } : reply, service.link);
      finish(reply.status);
    })();
  };
}

/** The local service: routing from the operations table, bearer auth, scopes, faults, then the area handler. */
export function createSandboxServer(options: ServerOptions): Server {
  const service: Service = {
    options,
    route: createRouter(options.operations ?? allOperations),
    standIns: options.standIns ?? new StandIns(),
    faults: options.faults ?? new Faults(),
    limiter: options.rateLimit ? new RateLimiter(options.rateLimit, options.log) : undefined,
    link: options.bandwidth ? new Link(options.bandwidth) : undefined,
    failed: 0,
  };
  const serve = listener(service);
  const server = options.tls
    ? createTlsServer({ key: options.tls.key, cert: options.tls.cert }, serve)
    : createServer(serve);
  const { limiter } = service;
  if (limiter) server.on('close', () => limiter.flush());
  return server;
}
