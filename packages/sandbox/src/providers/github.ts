import type { Reply } from '../http.js';
import {
  access,
  bodyOf,
  intParam,
  json,
  pageOf,
  type StandInComment,
  type StandInRequestContext,
  type StandIns,
} from './store.js';

const docs = 'https://docs.github.com/rest/issues/comments';
const message = (status: number, text: string): Reply =>
  json(status, { message: text, documentation_url: docs });

function shape(c: StandInComment, ctx: StandInRequestContext, repo: string, number: number) {
  return {
    id: c.id,
    node_id: `IC_${c.id}`,
    url: `${ctx.base}/repos/${repo}/issues/comments/${c.id}`,
    html_url: `https://github.com/${repo}/pull/${number}#issuecomment-${c.id}`,
    issue_url: `${ctx.base}/repos/${repo}/issues/${number}`,
    body: c.body,
    user: { login: c.author, type: 'Bot' },
    author_association: 'NONE',
    created_at: c.created,
    updated_at: c.updated,
  };
}

/**
 * GitHub's REST API for issue comments (a pull request is an issue): list (`per_page` up to 100, the next
 * page in `Link`), create, update, delete, and the pull request's head. Bodies over 65,536 characters are
 * refused with 422, as GitHub refuses them.
 */
export function github(ctx: StandInRequestContext, store: StandIns): Reply {
  const who = access('github', ctx.headers);
  if (!who) return message(401, 'Bad credentials');
  const m =
    /^\/repos\/([\w.-]+\/[\w.-]+)\/(?:issues\/(\d+)\/comments|issues\/comments\/(\d+)|pulls\/(\d+))$/.exec(
      ctx.path,
    );
  if (!m) return message(404, 'Not Found');
  const [, repo = '', onIssue, commentId, pullNumber] = m;
  if (pullNumber) {
    if (ctx.method !== 'GET') return message(404, 'Not Found');
    const pull = store.pull('github', repo, Number(pullNumber));
    return json(200, {
      number: Number(pullNumber),
      state: 'open',
      head: { sha: pull.headSha },
      base: { ref: 'main' },
    });
  }
  if (ctx.method !== 'GET' && who !== 'write') return message(403, 'Resource not accessible by integration');
  if (ctx.method !== 'GET') {
    const limited = store.limited('github');
    if (limited) return limited;
  }
  if (onIssue) {
    const number = Number(onIssue);
    const pull = store.pull('github', repo, number);
    if (ctx.method === 'GET') {
      const perPage = intParam(ctx.query, 'per_page', 30, 100);
      const page = intParam(ctx.query, 'page', 1, 100_000);
      const live = pull.comments.filter((c) => !c.deleted);
      const { items, last } = pageOf(live, page, perPage);
      const link = (p: number) =>
        `<${ctx.base}/repos/${repo}/issues/${number}/comments?per_page=${perPage}&page=${p}>`;
      const links = [
        ...(page < last ? [`${link(page + 1)}; rel="next"`, `${link(last)}; rel="last"`] : []),
        ...(page > 1 ? [`${link(1)}; rel="first"`, `${link(page - 1)}; rel="prev"`] : []),
      ];
      return json(
        200,
        items.map((c) => shape(c, ctx, repo, number)),
        links.length ? { link: links.join(', ') } : {},
      );
    }
    if (ctx.method !== 'POST') return message(404, 'Not Found');
    const body = bodyOf(ctx.body)?.body;
    const refused = check(body, store.maxChars.github);
    if (refused) return refused;
    const comment = store.comment(body as string, 'github-actions[bot]');
    pull.comments.push(comment);
    return json(201, shape(comment, ctx, repo, number));
  }
  const found = store.find('github', repo, Number(commentId));
  if (!found) return message(404, 'Not Found');
  if (ctx.method === 'DELETE') {
    found.comment.deleted = true;
    return { status: 204 };
  }
  if (ctx.method !== 'PATCH') return message(404, 'Not Found');
  const body = bodyOf(ctx.body)?.body;
  const refused = check(body, store.maxChars.github);
  if (refused) return refused;
  found.comment.body = body as string;
  found.comment.updated = new Date().toISOString();
  return json(200, shape(found.comment, ctx, repo, 0));
}

function check(body: unknown, max: number): Reply | undefined {
  if (typeof body !== 'string' || body === '') {
    return json(422, {
      message: 'Validation Failed',
      errors: [{ resource: 'IssueComment', code: 'missing_field', field: 'body' }],
    });
  }
  if (body.length > max) {
    return json(422, {
      message: 'Validation Failed',
      errors: [
        {
          resource: 'IssueComment',
          code: 'custom',
          field: 'body',
          message: `body is too long (maximum is ${max} characters)`,
        },
      ],
      documentation_url: docs,
    });
  }
  return undefined;
}
