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

const message = (status: number, text: string): Reply => json(status, { message: text });

function shape(c: StandInComment, iid: number) {
  return {
    id: c.id,
    type: null,
    body: c.body,
    author: { id: accountIds(c.author).number, username: c.author, name: c.author },
    created_at: c.created,
    updated_at: c.updated,
    system: false,
    noteable_type: 'MergeRequest',
    noteable_iid: iid,
    resolvable: false,
  };
}

/**
 * GitLab's merge request notes API (`/projects/:id/merge_requests/:iid/notes`; the project by id or by
 * its path, `%2F`-encoded): list (`per_page` up to 100, `X-Next-Page` and the other paging headers,
 * `sort`), create, update (PUT), delete; who a token is (GET /user: a project access token's bot user).
 * Notes over 1,000,000 characters are refused with 400.
 */
export function gitlab(ctx: StandInRequestContext, store: StandIns): Reply {
  const who = access('gitlab', ctx.headers);
  if (!who) return message(401, '401 Unauthorized');
  if (ctx.path === '/user' && ctx.method === 'GET') {
    if (store.anonymous.has('gitlab')) return message(403, '403 Forbidden');
    const username = standInAccounts.gitlab;
    return json(200, {
      id: accountIds(username).number,
      username,
      name: username,
      state: 'active',
      bot: true,
      locked: false,
    });
  }
  const m = /^\/projects\/([^/]+)\/merge_requests\/(\d+)\/notes(?:\/(\d+))?$/.exec(ctx.path);
  if (!m) return message(404, '404 Not Found');
  const [, rawProject = '', rawIid = '', noteId] = m;
  const project = decodeURIComponent(rawProject);
  const iid = Number(rawIid);
  const pull = store.pull('gitlab', project, iid);
  if (ctx.method === 'GET' && !noteId) {
    const perPage = intParam(ctx.query, 'per_page', 20, 100);
    const page = intParam(ctx.query, 'page', 1, 100_000);
    const live = pull.comments.filter((c) => !c.deleted);
    const ordered = ctx.query.get('sort') === 'asc' ? live : [...live].reverse();
    const { items, last } = pageOf(ordered, page, perPage);
    return json(
      200,
      items.map((c) => shape(c, iid)),
      {
        'x-page': String(page),
        'x-per-page': String(perPage),
        'x-next-page': page < last ? String(page + 1) : '',
        'x-prev-page': page > 1 ? String(page - 1) : '',
        'x-total': String(live.length),
        'x-total-pages': String(last),
      },
    );
  }
  if (who !== 'write') return message(403, '403 Forbidden');
  const limited = store.limited('gitlab');
  if (limited) return limited;
  if (!noteId) {
    if (ctx.method !== 'POST') return message(405, '405 Method Not Allowed');
    const body = bodyOf(ctx.body)?.body;
    const refused = check(body, store.maxChars.gitlab);
    if (refused) return refused;
    const note = store.comment(body as string, standInAccounts.gitlab);
    pull.comments.push(note);
    return json(201, shape(note, iid));
  }
  const note = pull.comments.find((c) => c.id === Number(noteId) && !c.deleted);
  if (!note) return message(404, '404 Note Not Found');
  if (ctx.method === 'DELETE') {
    note.deleted = true;
    return { status: 204 };
  }
  if (ctx.method !== 'PUT') return message(405, '405 Method Not Allowed');
  const body = bodyOf(ctx.body)?.body;
  const refused = check(body, store.maxChars.gitlab);
  if (refused) return refused;
  note.body = body as string;
  note.updated = new Date().toISOString();
  return json(200, shape(note, iid));
}

function check(body: unknown, max: number): Reply | undefined {
  if (typeof body !== 'string' || body === '') return json(400, { error: 'body is missing' });
  if (body.length > max) {
    return json(400, { message: { note: [`is too long (maximum is ${max} characters)`] } });
  }
  return undefined;
}
