import type { Reply } from '../http.js';
import {
  accountIds,
  access,
  bodyOf,
  intParam,
  json,
  pageOf,
  type StandInComment,
  type StandInRequestContext,
  type StandIns,
  standInAccounts,
} from './store.js';

const fault = (status: number, text: string, extra: Record<string, unknown> = {}): Reply =>
  json(status, { type: 'error', error: { message: text, ...extra } });

function shape(c: StandInComment, ctx: StandInRequestContext, path: string) {
  return {
    id: c.id,
    type: 'pullrequest_comment',
    content: { raw: c.body, markup: 'markdown', html: '', type: 'rendered' },
    user: userOf(c.author),
    created_on: c.created,
    updated_on: c.updated,
    deleted: c.deleted === true,
    links: { self: { href: `${ctx.base}${path}/${c.id}` } },
  };
}

function userOf(name: string) {
  const { guid } = accountIds(name);
  return {
    display_name: name,
    uuid: `{${guid}}`,
    account_id: `712020:${guid}`,
    nickname: name,
    type: 'user',
  };
}

/**
 * Bitbucket Cloud's pull request comments API (2.0): list (`pagelen` up to 100, the next page's address
 * in `next`), create, update (PUT), delete; who a token is (GET /user, refused when told to, as Bitbucket
 * refuses a repository access token, which has no `account` scope). Comments over the size limit (32,768
 * characters here) are refused with 400.
 */
export function bitbucket(ctx: StandInRequestContext, store: StandIns): Reply {
  const who = access('bitbucket', ctx.headers);
  if (!who) return fault(401, 'Access token expired. Use your refresh token to obtain a new access token.');
  if (ctx.path === '/user' && ctx.method === 'GET') {
    if (store.anonymous.has('bitbucket')) {
      return fault(403, 'Your credentials lack one or more required privilege scopes.', {
        detail: { granted: ['pullrequest', 'pullrequest:write'], required: ['account'] },
      });
    }
    return json(200, { ...userOf(standInAccounts.bitbucket), links: {} });
  }
  const m = /^(\/repositories\/([^/]+)\/([^/]+)\/pullrequests\/(\d+)\/comments)(?:\/(\d+))?$/.exec(ctx.path);
  if (!m) return fault(404, 'Resource not found');
  const [, path = '', workspace = '', slug = '', id = '', commentId] = m;
  const repo = `${decodeURIComponent(workspace)}/${decodeURIComponent(slug)}`;
  const pull = store.pull('bitbucket', repo, Number(id));
  if (ctx.method === 'GET' && !commentId) {
    const pagelen = intParam(ctx.query, 'pagelen', 10, 100);
    const page = intParam(ctx.query, 'page', 1, 100_000);
    const live = pull.comments.filter((c) => !c.deleted);
    const { items, last } = pageOf(live, page, pagelen);
    return json(200, {
      values: items.map((c) => shape(c, ctx, path)),
      pagelen,
      size: live.length,
      page,
      ...(page < last ? { next: `${ctx.base}${path}?pagelen=${pagelen}&page=${page + 1}` } : {}),
    });
  }
  if (who !== 'write') {
    return fault(403, 'Your credentials lack one or more required privilege scopes.', {
      detail: { granted: ['pullrequest'], required: ['pullrequest:write'] },
    });
  }
  const limited = store.limited('bitbucket');
  if (limited) return limited;
  const max = store.maxChars.bitbucket;
  const raw = (bodyOf(ctx.body)?.content as { raw?: unknown } | undefined)?.raw;
  if (!commentId) {
    if (ctx.method !== 'POST') return fault(405, 'Method not allowed');
    const refused = check(raw, max);
    if (refused) return refused;
    const comment = store.comment(raw as string, standInAccounts.bitbucket);
    pull.comments.push(comment);
    return json(201, shape(comment, ctx, path));
  }
  const comment = pull.comments.find((c) => c.id === Number(commentId) && !c.deleted);
  if (!comment) return fault(404, 'Resource not found');
  if (ctx.method === 'DELETE') {
    comment.deleted = true;
    return { status: 204 };
  }
  if (ctx.method !== 'PUT') return fault(405, 'Method not allowed');
  const refused = check(raw, max);
  if (refused) return refused;
  comment.body = raw as string;
  comment.updated = new Date().toISOString();
  return json(200, shape(comment, ctx, path));
}

function check(raw: unknown, max: number): Reply | undefined {
  if (typeof raw !== 'string' || raw === '') return fault(400, 'content.raw: This field is required.');
  if (raw.length > max) {
    return fault(400, 'Bad request', {
      fields: { 'content.raw': [`Ensure this value has at most ${max} characters.`] },
    });
  }
  return undefined;
}
