import type { Reply } from '../http.js';
import {
  accountIds,
  access,
  bodyOf,
  json,
  type StandInComment,
  type StandInPull,
  type StandInRequestContext,
  type StandIns,
  standInAccounts,
} from './store.js';

/** Threads a listing answer holds before it gives a continuation token. */
const threadsPerAnswer = 100;

const fault = (status: number, text: string, typeKey: string): Reply =>
  json(status, { $id: '1', innerException: null, message: text, typeName: typeKey, typeKey, errorCode: 0 });

function comment(c: StandInComment) {
  return {
    id: c.id,
    parentCommentId: 0,
    author: { displayName: c.author, id: accountIds(c.author).guid },
    content: c.body,
    publishedDate: c.created,
    lastUpdatedDate: c.updated,
    lastContentUpdatedDate: c.updated,
    commentType: 'text',
    isDeleted: c.deleted === true,
  };
}

function thread(t: StandInPull['threads'][number]) {
  return {
    id: t.id,
    publishedDate: t.comments[0]?.created,
    lastUpdatedDate: t.comments.at(-1)?.updated,
    comments: t.comments.map(comment),
    status: 'active',
    threadContext: null,
    properties: {},
    isDeleted: t.deleted === true,
  };
}

/**
 * Azure DevOps' pull request threads API (`{collection}/{project}/_apis/git/repositories/{repo}/
 * pullRequests/{id}/threads`, `api-version` required): list (a continuation token after 100 threads),
 * create a thread, update and delete a comment. A token it does not know gets the sign-in page (HTTP 203),
 * as Azure DevOps answers; comments over 150,000 characters are refused with 400.
 */
export function azure(ctx: StandInRequestContext, store: StandIns): Reply {
  const who = access('azure', ctx.headers);
  if (!who) {
    return {
      status: 203,
      media: 'text/html; charset=utf-8',
      body: '<html><head><title>Azure DevOps Services | Sign In</title></head><body></body></html>',
    };
  }
  if (/^\/[^/]+\/_apis\/connectionData$/i.test(ctx.path) && ctx.method === 'GET') {
    return connectionData(store);
  }
  const m =
    /^\/([^/]+)\/([^/]+)\/_apis\/git\/repositories\/([^/]+)\/pullRequests\/(\d+)\/threads(?:\/(\d+)\/comments\/(\d+))?$/.exec(
      ctx.path,
    );
  if (!m) return fault(404, 'The requested resource does not exist.', 'NotFoundException');
  if (!ctx.query.get('api-version')) {
    return fault(400, 'No api-version was supplied for the request.', 'VssVersionNotSpecifiedException');
  }
  const [, org = '', project = '', repo = '', id = '', threadId, commentId] = m;
  const pull = store.pull(
    'azure',
    `${decodeURIComponent(org)}/${decodeURIComponent(project)}/${decodeURIComponent(repo)}`,
    Number(id),
  );
  if (ctx.method === 'GET' && !threadId) {
    const start = Number(ctx.query.get('continuationToken') ?? '0') || 0;
    const live = pull.threads.filter((t) => !t.deleted);
    const items = live.slice(start, start + threadsPerAnswer);
    const more = start + threadsPerAnswer < live.length;
    return json(
      200,
      { value: items.map(thread), count: items.length },
      more ? { 'x-ms-continuationtoken': String(start + threadsPerAnswer) } : {},
    );
  }
  if (who !== 'write') {
    return fault(
      403,
      "TF401027: You need the Git 'PullRequestContribute' permission to perform this action.",
      'GitNeedsPermissionException',
    );
  }
  const limited = store.limited('azure');
  if (limited) return limited;
  const max = store.maxChars.azure;
  if (!threadId) {
    if (ctx.method !== 'POST')
      return fault(405, 'The requested resource does not support this method.', 'MethodNotAllowed');
    const first = (bodyOf(ctx.body)?.comments as { content?: unknown }[] | undefined)?.[0]?.content;
    const refused = check(first, max);
    if (refused) return refused;
    const created = {
      id: store.id(),
      comments: [{ ...store.comment(first as string, standInAccounts.azure), id: 1 }],
    };
    pull.threads.push(created);
    return json(200, thread(created));
  }
  const t = pull.threads.find((x) => x.id === Number(threadId) && !x.deleted);
  const c = t?.comments.find((x) => x.id === Number(commentId) && !x.deleted);
  if (!t || !c) return fault(404, 'The comment does not exist.', 'NotFoundException');
  if (ctx.method === 'DELETE') {
    c.deleted = true;
    if (t.comments.every((x) => x.deleted)) t.deleted = true;
    return { status: 200 };
  }
  if (ctx.method !== 'PATCH')
    return fault(405, 'The requested resource does not support this method.', 'MethodNotAllowed');
  const content = bodyOf(ctx.body)?.content;
  const refused = check(content, max);
  if (refused) return refused;
  c.body = content as string;
  c.updated = new Date().toISOString();
  return json(200, comment(c));
}

/** The collection's connection data: the identity the token acts as (the build service's). */
function connectionData(store: StandIns): Reply {
  if (store.anonymous.has('azure')) {
    return fault(
      403,
      'TF400813: The user is not authorized to access this resource.',
      'UnauthorizedRequestException',
    );
  }
  const name = standInAccounts.azure;
  const identity = {
    id: accountIds(name).guid,
    descriptor: `Microsoft.TeamFoundation.ServiceIdentity;${accountIds(name).guid}:Build`,
    providerDisplayName: name,
    isActive: true,
    properties: {},
  };
  return json(200, {
    authenticatedUser: identity,
    authorizedUser: identity,
    instanceId: accountIds('acme').guid,
    locationServiceData: { serviceOwner: '00025394-6065-48ca-87d9-7f5672854ef7' },
  });
}

function check(content: unknown, max: number): Reply | undefined {
  if (typeof content !== 'string' || content === '')
    return fault(400, 'The comment content is empty.', 'InvalidArgumentValueException');
  if (content.length > max) {
    return fault(
      400,
      `The comment content exceeds the maximum length of ${max} characters.`,
      'InvalidArgumentValueException',
    );
  }
  return undefined;
}
