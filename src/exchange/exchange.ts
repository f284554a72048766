import { STATUS_CODES } from 'node:http';
import type { ApiClient, RawResponse } from '../api/client.js';
import { checkJsonValues, tooManyJsonValues } from '../api/json-limits.js';
import { checkRepeatedRows, isEnvelope, nextPagePath, pageList } from '../api/paging.js';
import { redactUrl } from '../api/redact.js';
import { apiErrorFromResponse, UnexpectedResponseError } from '../errors.js';
import type { JqFilter } from '../output/core/jq.js';

/** One request of `secscan api`, as sent: path under /api/v4 with its query, body and media types. */
export interface Exchange {
  method: string;
  path: string;
  body?: string | Buffer | undefined;
  contentType?: string | undefined;
  accept: string;
  /** -H: request headers by lower-case name (an Accept or Content-Type among them wins). */
  headers: Record<string, string>;
  /** The operation's redirect status (302): its Location is the answer. */
  expectStatus?: number | undefined;
  /** How errors name the request: the operationId, or METHOD and path. */
  context?: string | undefined;
  paginate: boolean;
  /** -i: each answer's status line and headers before its body. */
  include: boolean;
  /** --slurp: every page in one JSON array, printed once at the end. */
  slurp: boolean;
}

/** How the bodies are printed: pretty JSON (a terminal), and through --jq. */
export interface Shown {
  pretty: boolean;
  filter?: JqFilter | undefined;
  /** Ctrl-C, SIGTERM: stops jq where it is. */
  signal?: AbortSignal | undefined;
  /** What jq wrote on stderr without failing (`debug`). */
  notes?: (text: string) => void;
}

/**
 * Each page's body as received (pretty JSON when `pretty`, through the --jq filter when given), following
 * next_page with `paginate`. An error status is yielded first (as received), then thrown, so the body is
 * printed before the error decides the exit code.
 */
export async function* exchange(client: ApiClient, plan: Exchange, shown: Shown): AsyncGenerator<string> {
  // The bodies as received, and a newline after the last when it has none, so the shell's prompt (or the
  // next line of a log) does not start on it. An error body keeps its end: the error line starts one.
  let last = '';
  for await (const chunk of bodies(client, plan, shown)) {
    if (chunk) last = chunk;
    yield chunk;
  }
  if (last && !last.endsWith('\n')) yield '\n';
}

async function* bodies(client: ApiClient, plan: Exchange, shown: Shown): AsyncGenerator<string> {
  let path = plan.path;
  const pages: unknown[] = [];
  // --paginate: the pages read, by link (their paths) and by rows, so a loop of links stops before a page
  // prints twice.
  const read = new Set<string>();
  read.add(path);
  const rows = new Set<string>();
  for (;;) {
    const context = plan.context ?? `${plan.method} ${path.split('?')[0]}`;
    const res = await client.send(plan.method, path, {
      body: plan.body,
      contentType: plan.body === undefined ? undefined : plan.contentType,
      accept: plan.accept,
      headers: plan.headers,
      allowErrorStatus: true,
      expectStatus: plan.expectStatus,
      context,
    });
    const text = res.body.toString('utf8');
    // Parsed (to indent it, or to find next_page) only when it holds few enough values to parse safely.
    const parseable = !tooManyJsonValues(res.body);
    const redirected = res.status >= 300 && res.status < 400 && res.status === plan.expectStatus;
    const failed = res.status >= 300 && !redirected;
    if (plan.include) yield headLines(res);
    if (failed) {
      if (text) yield display(text, shown.pretty && parseable);
      throw apiErrorFromResponse(res.status, parseable ? safeJson(text) : undefined, context);
    }
    if (plan.paginate && parseable) {
      const parsed = safeJson(text);
      if (isEnvelope(parsed)) checkRepeatedRows(context, path, parsed.response, rows);
    }
    if (plan.slurp) {
      // Every page is parsed and held until the last: each within the bounds of a JSON answer.
      if (!parseable) checkJsonValues({ id: context }, res.body);
      pages.push(jsonPage(text, context));
    } else {
      if (text) yield* page(text, shown, parseable);
      else if (redirected) yield location(res);
    }
    if (!plan.paginate) break;
    if (!parseable) checkJsonValues({ id: context }, res.body);
    const next = nextLink(text);
    if (!next) break;
    const nextPath = nextPagePath(next, client.apiPrefix, context);
    if (nextPath === path) {
      throw new UnexpectedResponseError(
        `${context}: next_page repeats the page just read (${redactUrl(nextPath)})`,
      );
    }
    if (pageList(nextPath) !== pageList(plan.path)) {
      throw new UnexpectedResponseError(`${context}: next_page names another list (${redactUrl(nextPath)})`);
    }
    if (read.has(nextPath)) {
      throw new UnexpectedResponseError(
        `${context}: next_page goes back to a page already read (${redactUrl(nextPath)})`,
      );
    }
    read.add(nextPath);
    path = nextPath;
  }
  if (plan.slurp) yield* page(JSON.stringify(pages), shown, true);
}

/**
 * One body as printed: through --jq (its output as jq writes it), else pretty on a terminal (when it parses
 * safely), else as received.
 */
async function* page(text: string, shown: Shown, parseable: boolean): AsyncGenerator<string> {
  if (!shown.filter) {
    const body = display(text, shown.pretty && parseable);
    if (body) yield body;
    return;
  }
  const notes = yield* shown.filter.run(text, shown.pretty, shown.signal ?? new AbortController().signal);
  if (notes) shown.notes?.(notes);
}

/** The status line and headers, as `curl -i` and `gh api -i` print them, then a blank line. */
function headLines(res: RawResponse): string {
  const lines = [`HTTP/1.1 ${res.status} ${STATUS_CODES[res.status] ?? ''}`.trimEnd()];
  for (const [name, value] of Object.entries(res.headers)) {
    const canonical = name.replace(/(^|-)([a-z])/g, (_m, dash: string, c: string) => dash + c.toUpperCase());
    for (const one of Array.isArray(value) ? value : [value]) {
      if (one !== undefined) lines.push(`${canonical}: ${one}`);
    }
  }
  return `${lines.join('\n')}\n\n`;
}

function jsonPage(text: string, context: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new UnexpectedResponseError(`${context}: a page is not JSON, so --slurp cannot gather it`);
  }
}

function display(text: string, pretty: boolean): string {
  if (!pretty) return text;
  try {
    return `${JSON.stringify(JSON.parse(text), null, 2)}\n`;
  } catch {
    return text;
  }
}

function location(res: RawResponse): string {
  const value = res.headers.location;
  const target = Array.isArray(value) ? value[0] : value;
  return target ? `${target}\n` : '';
}

function safeJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

function nextLink(text: string): string | undefined {
  const parsed = safeJson(text);
  return isEnvelope(parsed) && typeof parsed.next_page === 'string' && parsed.next_page
    ? parsed.next_page
    : undefined;
}
