import type { ApiClient, RawResponse } from '../../../api/client.js';
import { checkJsonValues, jsonValueCount, maxJsonValues } from '../../../api/json-limits.js';
import { isEnvelope, nextPagePath, pageList } from '../../../api/paging.js';
import { redactUrl } from '../../../api/redact.js';
import { apiErrorFromResponse, UnexpectedResponseError } from '../../../errors.js';

/** One request of `secscan api`, as sent: path under /api/v4 with its query, body and media types. */
export interface Exchange {
  method: string;
  path: string;
  body?: string | Buffer | undefined;
  contentType?: string | undefined;
  accept: string;
  /** The operation's redirect status (302): its Location is the answer. */
  expectStatus?: number | undefined;
  /** How errors name the request: the operationId, or METHOD and path. */
  context?: string | undefined;
  paginate: boolean;
}

/**
 * Each page's body as received (pretty JSON when `pretty`), following next_page with `paginate`. An error
 * status is yielded first, then thrown, so the body is printed before the error decides the exit code.
 */
export async function* exchange(client: ApiClient, plan: Exchange, pretty: boolean): AsyncGenerator<string> {
  let path = plan.path;
  for (;;) {
    const context = plan.context ?? `${plan.method} ${path.split('?')[0]}`;
    const res = await client.send(plan.method, path, {
      body: plan.body,
      contentType: plan.body === undefined ? undefined : plan.contentType,
      accept: plan.accept,
      allowErrorStatus: true,
      expectStatus: plan.expectStatus,
      context,
    });
    const text = res.body.toString('utf8');
    // Parsed (to indent it, or to find next_page) only when it holds few enough values to parse safely.
    const parseable = jsonValueCount(res.body) <= maxJsonValues;
    const redirected = res.status >= 300 && res.status < 400 && res.status === plan.expectStatus;
    const shown = text ? display(text, pretty && parseable) : redirected ? location(res) : '';
    if (shown) yield shown;
    if (res.status >= 300 && !redirected)
      throw apiErrorFromResponse(res.status, parseable ? safeJson(text) : undefined, context);
    if (!plan.paginate) return;
    if (!parseable) checkJsonValues({ id: context }, res.body);
    const next = nextLink(text);
    if (!next) return;
    const nextPath = nextPagePath(next, client.apiPrefix, context);
    if (nextPath === path) {
      throw new UnexpectedResponseError(
        `${context}: next_page repeats the page just read (${redactUrl(nextPath)})`,
      );
    }
    if (pageList(nextPath) !== pageList(plan.path)) {
      throw new UnexpectedResponseError(`${context}: next_page names another list (${redactUrl(nextPath)})`);
    }
    path = nextPath;
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
