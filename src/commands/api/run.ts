import { readFile } from 'node:fs/promises';
import type { ApiClient, RawResponse } from '../../api/client.js';
import { buildQuery } from '../../api/operation.js';
import { isEnvelope, nextPagePath } from '../../api/paging.js';
import type { Context } from '../../context.js';
import { apiErrorFromResponse, UsageError } from '../../errors.js';
import type { Result, RunInput } from '../types.js';
import { collectFields } from './fields.js';

const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

export function validate({ args, opts }: RunInput): void {
  const method = String(args[0]).toUpperCase();
  if (!methods.includes(method)) {
    throw new UsageError(`invalid method ${JSON.stringify(args[0])} (choose from ${methods.join(', ')})`);
  }
  const path = String(args[1]);
  if (!path.startsWith('/') && !/^https?:\/\//.test(path)) {
    throw new UsageError(`invalid path ${JSON.stringify(path)}: start it with / (e.g. /orgs/{orgID}/apps)`);
  }
  if (opts.input !== undefined && opts.field?.length)
    throw new UsageError('--input and -F, --field cannot be used together');
  if (opts.paginate && method !== 'GET') throw new UsageError('--paginate works only with GET');
  collectFields(opts.field);
}

/** The request path under the configured origin; a full URL must name that origin (the token never leaves it). */
function requestPath(client: ApiClient, raw: string): string {
  let path = raw;
  if (/^https?:\/\//.test(raw)) {
    const url = new URL(raw);
    if (url.origin !== client.origin) {
      throw new UsageError(
        `refusing to send the token to ${url.origin}: the configured service is ${client.origin}`,
      );
    }
    path = `${url.pathname}${url.search}`;
  }
  if (path.includes('{orgID}')) {
    if (!client.orgId)
      throw new UsageError('the path names {orgID} but no organization id is set (pass --org)');
    path = path.replaceAll('{orgID}', encodeURIComponent(client.orgId));
  }
  return path.startsWith(`${client.apiPrefix}/`) ? path : `${client.apiPrefix}${path}`;
}

function display(ctx: Context, res: RawResponse): string {
  const text = res.body.toString('utf8');
  if (!ctx.stdoutIsTTY) return text;
  try {
    return `${JSON.stringify(JSON.parse(text), null, 2)}\n`;
  } catch {
    return text;
  }
}

export async function run(ctx: Context, { args, opts }: RunInput): Promise<Result> {
  const method = String(args[0]).toUpperCase();
  const client = await ctx.client({ requireOrg: false });
  const fields = collectFields(opts.field);
  let path = requestPath(client, String(args[1]));
  let body: string | Buffer | undefined;
  if (opts.input !== undefined) {
    body =
      opts.input === '-'
        ? await ctx.readStdin()
        : await readFile(opts.input).catch((error: NodeJS.ErrnoException) => {
            throw new UsageError(`cannot read --input ${opts.input}: ${error.code ?? error.message}`);
          });
  } else if (fields.size && (method === 'GET' || method === 'DELETE')) {
    const query = Object.fromEntries([...fields].map(([k, v]) => [k, v.length === 1 ? v[0] : v.map(String)]));
    const extra = buildQuery(query as Record<string, string>);
    path += path.includes('?') ? `&${extra.slice(1)}` : extra;
  } else if (fields.size) {
    body = JSON.stringify(Object.fromEntries([...fields].map(([k, v]) => [k, v.length === 1 ? v[0] : v])));
  }
  const out = ctx.io.stdout;
  for (;;) {
    const res = await client.send(method, path, {
      body,
      contentType: body === undefined ? undefined : 'application/json',
      allowErrorStatus: true,
    });
    out.write(display(ctx, res));
    if (res.status >= 300) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(res.body.toString('utf8'));
      } catch {
        parsed = undefined;
      }
      throw apiErrorFromResponse(res.status, parsed, `${method} ${path.split('?')[0]}`);
    }
    if (!opts.paginate) break;
    const next = nextLink(res);
    if (!next) break;
    path = nextPagePath(next, client.apiPrefix);
  }
  return { kind: 'none' };
}

function nextLink(res: RawResponse): string | undefined {
  try {
    const parsed: unknown = JSON.parse(res.body.toString('utf8'));
    return isEnvelope(parsed) && typeof parsed.next_page === 'string' && parsed.next_page
      ? parsed.next_page
      : undefined;
  } catch {
    return undefined;
  }
}
