import type { IncomingHttpHeaders } from 'node:http';
import { authenticate } from '../auth.js';
import { error, forbidden, invalid, type Reply } from '../http.js';
import { isSuperAdmin } from '../permissions.js';
import type { SandboxState } from '../state.js';
import { azure } from './azure.js';
import { bitbucket } from './bitbucket.js';
import { github } from './github.js';
import { gitlab } from './gitlab.js';
import {
  bodyOf,
  json,
  type StandInName,
  standInNames,
  type StandInRequestContext,
  StandIns,
} from './store.js';

export { StandIns } from './store.js';

/** Where each stand-in answers, under the sandbox's address: its API's base path. */
export const standInPrefixes: Record<StandInName, string> = {
  github: '/_providers/github',
  gitlab: '/_providers/gitlab/api/v4',
  azure: '/_providers/azure',
  bitbucket: '/_providers/bitbucket/2.0',
};

const handlers: Record<StandInName, (ctx: StandInRequestContext, store: StandIns) => Reply> = {
  github,
  gitlab,
  azure,
  bitbucket,
};

export const isStandInPath = (path: string) => path.startsWith('/_providers/');

export interface StandInCall {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
  /** The scheme and host the request came to. */
  origin: string;
  state: SandboxState;
}

/** A request under `/_providers/`: a stand-in's API, or the control routes that set them up for a test. */
export function serveStandIn(call: StandInCall, store: StandIns): Reply {
  if (call.path.startsWith('/_providers/_control/')) return control(call, store);
  const name = standInNames.find(
    (n) => call.path === standInPrefixes[n] || call.path.startsWith(`${standInPrefixes[n]}/`),
  );
  if (!name) return json(404, { message: 'Not Found' });
  const prefix = standInPrefixes[name];
  const reply = handlers[name](
    {
      method: call.method,
      path: call.path.slice(prefix.length),
      query: call.query,
      headers: call.headers,
      body: call.body,
      base: `${call.origin}${prefix}`,
    },
    store,
  );
  store.requests.push({ provider: name, method: call.method, path: call.path, status: reply.status });
  return reply;
}

/**
 * `/_providers/_control/...`, for a Super Admin user's token: what the stand-ins were asked
 * (`requests`, GET or DELETE), a stand-in's settings (PUT `NAME`: `max_chars`, `rate_limit: {after,
 * retry_after}`, `pulls: [{repository, number, head_sha}]`, `identity: false` to refuse to say who a token
 * is, `true` to say it again), comments by someone else (POST `NAME/comments`: `{repository, number, count,
 * body, author}`) and a pull request's comments, with their authors (GET `NAME/comments?repository=R&number=N`).
 */
function control(call: StandInCall, store: StandIns): Reply {
  const auth = authenticate(call.state, call.headers.authorization);
  if (!auth.ok) return error(401, 'UNAUTHORIZED', auth.message);
  if (!isSuperAdmin(auth.caller)) {
    return forbidden(
      "the stand-ins' control routes take a Super Admin user's token (the SECSCAN_TOKEN it printed)",
    );
  }
  const rest = call.path.slice('/_providers/_control/'.length);
  if (rest === 'requests') {
    if (call.method === 'DELETE') store.requests.length = 0;
    else if (call.method !== 'GET') return error(405, 'METHOD_NOT_ALLOWED', 'use GET or DELETE');
    return json(200, { requests: store.requests });
  }
  const [name, what] = rest.split('/') as [string, string | undefined];
  if (!(standInNames as readonly string[]).includes(name)) {
    return error(404, 'NOT_FOUND', `no stand-in ${name} (choose from ${standInNames.join(', ')})`);
  }
  const provider = name as StandInName;
  const body = call.method === 'GET' ? {} : bodyOf(call.body);
  if (!body) return invalid('the body is not a JSON object');
  if (what === undefined && call.method === 'PUT') return settings(provider, body, store);
  if (what === 'comments') return comments(provider, call, body, store);
  return error(404, 'NOT_FOUND', `no control route ${call.path}`);
}

function settings(provider: StandInName, body: Record<string, unknown>, store: StandIns): Reply {
  const {
    max_chars: max,
    rate_limit: limit,
    pulls,
    identity,
  } = body as {
    max_chars?: unknown;
    rate_limit?: { after?: unknown; retry_after?: unknown };
    pulls?: { repository?: unknown; number?: unknown; head_sha?: unknown }[];
    identity?: unknown;
  };
  if (identity !== undefined) {
    if (typeof identity !== 'boolean') return invalid('identity: true or false');
    if (identity) store.anonymous.delete(provider);
    else store.anonymous.add(provider);
  }
  if (max !== undefined) {
    if (!Number.isInteger(max) || (max as number) < 1) return invalid('max_chars: a whole number, 1 or more');
    store.maxChars[provider] = max as number;
  }
  if (limit !== undefined) {
    const after = Number(limit.after ?? 0);
    const retryAfter = Number(limit.retry_after ?? 1);
    if (!Number.isInteger(after) || after < 0 || !Number.isInteger(retryAfter) || retryAfter < 0) {
      return invalid('rate_limit: {after, retry_after}, whole numbers');
    }
    store.limits[provider] = { after, retryAfter };
  }
  for (const p of pulls ?? []) {
    if (typeof p.repository !== 'string' || !Number.isInteger(p.number) || typeof p.head_sha !== 'string') {
      return invalid('pulls: [{repository, number, head_sha}]');
    }
    store.pull(provider, p.repository, p.number as number).headSha = p.head_sha;
  }
  return json(200, {
    max_chars: store.maxChars[provider],
    rate_limit: store.limits[provider] ?? null,
    identity: !store.anonymous.has(provider),
  });
}

function comments(
  provider: StandInName,
  call: StandInCall,
  body: Record<string, unknown>,
  store: StandIns,
): Reply {
  const repository = call.method === 'GET' ? call.query.get('repository') : body.repository;
  const number = Number(call.method === 'GET' ? call.query.get('number') : body.number);
  if (typeof repository !== 'string' || !Number.isInteger(number) || number < 1) {
    return invalid('repository (text) and number (a whole number) are required');
  }
  const pull = store.pull(provider, repository, number);
  if (call.method === 'POST') {
    const count = Number(body.count ?? 1);
    const text = typeof body.body === 'string' ? body.body : 'Looks good to me.';
    const author = body.author ?? 'a-reviewer';
    if (!Number.isInteger(count) || count < 1 || count > 10_000) return invalid('count: 1 to 10000');
    if (typeof author !== 'string' || !/^[\w .()[\]-]{1,100}$/.test(author)) {
      return invalid('author: a name of 1 to 100 letters, digits, spaces and . _ - ( ) [ ]');
    }
    for (let i = 0; i < count; i++) {
      const comment = store.comment(text, author);
      if (provider === 'azure') pull.threads.push({ id: store.id(), comments: [{ ...comment, id: 1 }] });
      else pull.comments.push(comment);
    }
  } else if (call.method !== 'GET') {
    return error(405, 'METHOD_NOT_ALLOWED', 'use GET or POST');
  }
  const live =
    provider === 'azure'
      ? pull.threads.filter((t) => !t.deleted).map((t) => ({ ...(t.comments[0] ?? {}), thread: t.id }))
      : pull.comments.filter((c) => !c.deleted);
  return json(200, { head_sha: pull.headSha, comments: live });
}
