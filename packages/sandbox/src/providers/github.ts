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
    user: {
      login: c.author,
      id: accountIds(c.author).number,
      type: c.author.endsWith('[bot]') ? 'Bot' : 'User',
    },
    author_association: 'NONE',
    created_at: c.created,
    updated_at: c.updated,
  };
}

/**
 * Who a token is. Both tokens are installation tokens (`ghs_`, as GitHub Actions' GITHUB_TOKEN): GET /user
 * refuses them, as GitHub does, and GraphQL's viewer names the app's bot (unless told not to: then the
 * viewer is refused as well).
 */
function whoami(ctx: StandInRequestContext, store: StandIns): Reply {
  if (ctx.path === '/user') {
    return json(403, {
      message: 'Resource not accessible by integration',
      documentation_url: 'https://docs.github.com/rest/users/users#get-the-authenticated-user',
      status: '403',
    });
  }
  if (ctx.method !== 'POST') return message(404, 'Not Found');
  const query = bodyOf(ctx.body)?.query;
  if (typeof query !== 'string' || !/\bviewer\b/.test(query)) {
    return json(200, { errors: [{ message: 'the stand-in answers the viewer query only' }] });
  }
  if (store.anonymous.has('github')) {
    return json(200, {
      data: { viewer: null },
      errors: [
        {
          type: 'FORBIDDEN',
          path: ['viewer'],
          locations: [{ line: 1, column: 9 }],
          message: 'Resource not accessible by integration',
        },
      ],
    });
  }
  const login = standInAccounts.github;
  return json(200, { data: { viewer: { login, databaseId: accountIds(login).number } } });
}

/**
 * GitHub's REST API for issue comments (a pull request is an issue): list (`per_page` up to 100, the next
 * page in `Link`), create, update, delete, and the pull request's head; who a token is (GET /user, GraphQL's
 * viewer). Bodies over 65,536 characters are refused with 422, as GitHub refuses them.
 */
export function github(ctx: StandInRequestContext, store: StandIns): Reply {
  const who = access('github', ctx.headers);
  if (!who) return message(401, 'Bad credentials');
  if (ctx.path === '/user' || ctx.path === '/graphql') return whoami(ctx, store);
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
    const comment = store.comment(body as string, standInAccounts.github);
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
