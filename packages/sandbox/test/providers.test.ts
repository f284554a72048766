import { describe, expect, it } from 'vitest';
import { standInTokens } from '../src/providers/store.js';
import type { Sandbox } from '../src/start.js';
import { useSandbox } from './harness.js';

/**
 * The stand-ins of the code hosts' comment APIs: each one's paths, tokens (write, read, unknown), pages,
 * size limit and rate limit, as the client meets them; the control routes that set them up for a test.
 */
const sandbox = useSandbox();

interface Got {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the stand-ins answer arbitrary JSON.
  json: any;
  text: string;
}

async function send(
  path: string,
  options: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Got> {
  const res = await fetch(`${sandbox().baseUrl}${path}`, {
    method: options.method ?? 'GET',
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, json, text };
}

const control = (path: string, method = 'GET', body?: unknown) =>
  send(`/_providers/_control/${path}`, { method, token: (sandbox() as Sandbox).token, body });

describe('GitHub’s issue comments', () => {
  const base = '/_providers/github/repos/acme/shop';
  const { write, read } = standInTokens.github;

  it('create, list by pages with Link, update and delete; a read token reads only', async () => {
    const created = await send(`${base}/issues/1/comments`, {
      method: 'POST',
      token: write,
      body: { body: 'one' },
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ body: 'one', user: { login: 'github-actions[bot]' } });
    await control('github/comments', 'POST', { repository: 'acme/shop', number: 1, count: 2 });
    const first = await send(`${base}/issues/1/comments?per_page=2`, { token: read });
    expect(first.json).toHaveLength(2);
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.get('link') ?? '')?.[1] as string;
    expect(next).toBe(`${sandbox().baseUrl}${base}/issues/1/comments?per_page=2&page=2`);
    const second = await send(next.slice(sandbox().baseUrl.length), { token: read });
    expect(second.json).toHaveLength(1);
    expect(second.headers.get('link')).not.toContain('rel="next"');
    const id = created.json.id as number;
    expect(
      (await send(`${base}/issues/comments/${id}`, { method: 'PATCH', token: read, body: { body: 'x' } }))
        .json,
    ).toEqual({
      message: 'Resource not accessible by integration',
      documentation_url: 'https://docs.github.com/rest/issues/comments',
    });
    expect(
      (await send(`${base}/issues/comments/${id}`, { method: 'PATCH', token: write, body: { body: 'two' } }))
        .json.body,
    ).toBe('two');
    expect((await send(`${base}/issues/comments/${id}`, { method: 'DELETE', token: write })).status).toBe(
      204,
    );
    expect((await send(`${base}/issues/1/comments?per_page=100`, { token: read })).json).toHaveLength(2);
    expect((await send(`${base}/issues/1/comments`, { token: 'nope' })).status).toBe(401);
  });

  it('refuses a body over 65,536 characters with 422, and a secondary rate limit once when asked', async () => {
    const long = await send(`${base}/issues/2/comments`, {
      method: 'POST',
      token: write,
      body: { body: 'x'.repeat(65_537) },
    });
    expect(long.status).toBe(422);
    expect(long.json.errors[0].message).toBe('body is too long (maximum is 65536 characters)');
    await control('github', 'PUT', { rate_limit: { after: 0, retry_after: 2 } });
    const limited = await send(`${base}/issues/2/comments`, {
      method: 'POST',
      token: write,
      body: { body: 'a' },
    });
    expect(limited.status).toBe(403);
    expect(limited.headers.get('retry-after')).toBe('2');
    expect(limited.json.message).toMatch(/secondary rate limit/);
    expect(
      (await send(`${base}/issues/2/comments`, { method: 'POST', token: write, body: { body: 'a' } })).status,
    ).toBe(201);
  });

  it('answers a pull request’s head commit, as the control route set it', async () => {
    await control('github', 'PUT', {
      pulls: [{ repository: 'acme/shop', number: 3, head_sha: 'c'.repeat(40) }],
    });
    expect((await send(`${base}/pulls/3`, { token: read })).json.head.sha).toBe('c'.repeat(40));
  });
});

describe('GitLab’s merge request notes', () => {
  const notes = '/_providers/gitlab/api/v4/projects/acme%2Fshop/merge_requests/4/notes';
  const { write, read } = standInTokens.gitlab;

  it('pages with X-Next-Page, sorts, writes with PUT; a read token and an unknown one are refused', async () => {
    for (const body of ['a', 'b', 'c']) {
      expect((await send(notes, { method: 'POST', token: write, body: { body } })).status).toBe(201);
    }
    const page1 = await send(`${notes}?per_page=2&sort=asc`, { headers: { 'private-token': read } });
    expect(page1.json.map((n: { body: string }) => n.body)).toEqual(['a', 'b']);
    expect(page1.headers.get('x-next-page')).toBe('2');
    const page2 = await send(`${notes}?per_page=2&sort=asc&page=2`, { token: read });
    expect(page2.headers.get('x-next-page')).toBe('');
    const id = page2.json[0].id as number;
    expect((await send(`${notes}/${id}`, { method: 'PUT', token: read, body: { body: 'x' } })).status).toBe(
      403,
    );
    expect(
      (await send(`${notes}/${id}`, { method: 'PUT', token: write, body: { body: 'C' } })).json.body,
    ).toBe('C');
    expect((await send(notes, { token: 'CI_JOB_TOKEN' })).status).toBe(401);
    await control('gitlab', 'PUT', { max_chars: 10 });
    expect(
      (await send(notes, { method: 'POST', token: write, body: { body: 'x'.repeat(11) } })).json,
    ).toEqual({
      message: { note: ['is too long (maximum is 10 characters)'] },
    });
  });
});

describe('Azure DevOps’ pull request threads', () => {
  const threads = '/_providers/azure/acme/shop/_apis/git/repositories/r1/pullRequests/5/threads';
  const { write, read } = standInTokens.azure;

  it('creates threads, lists them with a continuation token, edits and deletes a comment; an unknown token gets the sign-in page', async () => {
    const made = await send(`${threads}?api-version=7.1`, {
      method: 'POST',
      token: write,
      body: { comments: [{ parentCommentId: 0, content: 'hello', commentType: 1 }], status: 1 },
    });
    expect(made.json.comments[0]).toMatchObject({ id: 1, content: 'hello' });
    await control('azure', 'PUT', {});
    await send('/_providers/_control/azure/comments', {
      method: 'POST',
      token: sandbox().token,
      body: { repository: 'acme/shop/r1', number: 5, count: 120 },
    });
    const first = await send(`${threads}?api-version=7.1`, { token: read });
    expect(first.json.value).toHaveLength(100);
    const token = first.headers.get('x-ms-continuationtoken') as string;
    const second = await send(`${threads}?api-version=7.1&continuationToken=${token}`, { token: read });
    expect(second.json.value).toHaveLength(21);
    expect(second.headers.get('x-ms-continuationtoken')).toBeNull();
    const comment = `${threads}/${made.json.id}/comments/1?api-version=7.1`;
    expect(
      (await send(comment, { method: 'PATCH', token: read, body: { content: 'x' } })).json.message,
    ).toMatch(/^TF401027/);
    expect(
      (await send(comment, { method: 'PATCH', token: write, body: { content: 'bye' } })).json.content,
    ).toBe('bye');
    expect((await send(`${threads}?api-version=7.1`, { token: 'nope' })).status).toBe(203);
    expect((await send(threads, { token: read })).status).toBe(400);
  });
});

describe('Bitbucket Cloud’s pull request comments', () => {
  const comments = '/_providers/bitbucket/2.0/repositories/acme/shop/pullrequests/6/comments';
  const { write, read } = standInTokens.bitbucket;

  it('pages with next, writes with PUT, refuses a read token and an oversized comment', async () => {
    for (const raw of ['a', 'b']) {
      expect(
        (await send(comments, { method: 'POST', token: write, body: { content: { raw } } })).status,
      ).toBe(201);
    }
    const page1 = await send(`${comments}?pagelen=1`, { token: read });
    expect(page1.json.values[0].content.raw).toBe('a');
    expect(page1.json.next).toBe(`${sandbox().baseUrl}${comments}?pagelen=1&page=2`);
    const id = page1.json.values[0].id as number;
    expect(
      (await send(`${comments}/${id}`, { method: 'PUT', token: read, body: { content: { raw: 'x' } } }))
        .status,
    ).toBe(403);
    expect(
      (await send(comments, { method: 'POST', token: write, body: { content: { raw: 'x'.repeat(32_769) } } }))
        .status,
    ).toBe(400);
  });
});

describe('who a token is, and who wrote each comment', () => {
  const reviewer = { number: 1, body: 'LGTM', author: 'mallory' };

  it('GitHub: GET /user refuses an installation token; GraphQL’s viewer is the bot, the author of what it writes', async () => {
    const { write, read } = standInTokens.github;
    const user = await send('/_providers/github/user', { token: read });
    expect(user.status).toBe(403);
    expect(user.json.message).toBe('Resource not accessible by integration');
    const viewer = await send('/_providers/github/graphql', {
      method: 'POST',
      token: read,
      body: { query: 'query { viewer { login databaseId } }' },
    });
    const { login, databaseId } = viewer.json.data.viewer;
    expect(login).toBe('github-actions[bot]');
    const base = '/_providers/github/repos/acme/who/issues/1/comments';
    await send(base, { method: 'POST', token: write, body: { body: 'mine' } });
    await control('github/comments', 'POST', { repository: 'acme/who', ...reviewer });
    const users = (await send(base, { token: read })).json.map((c: { user: unknown }) => c.user);
    expect(users).toEqual([
      { login, id: databaseId, type: 'Bot' },
      { login: 'mallory', id: expect.any(Number), type: 'User' },
    ]);
    expect(users[1].id).not.toBe(databaseId);
    await control('github', 'PUT', { identity: false });
    const refused = await send('/_providers/github/graphql', {
      method: 'POST',
      token: read,
      body: { query: '{ viewer { databaseId } }' },
    });
    expect(refused.json).toMatchObject({ data: { viewer: null }, errors: [{ type: 'FORBIDDEN' }] });
    expect((await control('github', 'PUT', { identity: true })).json.identity).toBe(true);
  });

  it('GitLab, Azure DevOps, Bitbucket: the token’s user, the same id as on what it writes; refused when told', async () => {
    const cases = [
      {
        name: 'gitlab' as const,
        whoami: '/_providers/gitlab/api/v4/user',
        id: (j: { id: number }) => j.id,
        comments: '/_providers/gitlab/api/v4/projects/acme%2Fwho/merge_requests/1/notes?sort=asc',
        post: { body: 'mine' },
        authors: (j: { author: { id: number } }[]) => j.map((n) => n.author.id),
        repository: 'acme/who',
      },
      {
        name: 'azure' as const,
        whoami: '/_providers/azure/acme/_apis/connectionData',
        id: (j: { authenticatedUser: { id: string } }) => j.authenticatedUser.id,
        comments:
          '/_providers/azure/acme/who/_apis/git/repositories/r1/pullRequests/1/threads?api-version=7.1',
        post: { comments: [{ parentCommentId: 0, content: 'mine', commentType: 1 }] },
        authors: (j: { value: { comments: { author: { id: string } }[] }[] }) =>
          j.value.map((t) => t.comments[0]?.author.id),
        repository: 'acme/who/r1',
      },
      {
        name: 'bitbucket' as const,
        whoami: '/_providers/bitbucket/2.0/user',
        id: (j: { uuid: string }) => j.uuid,
        comments: '/_providers/bitbucket/2.0/repositories/acme/who/pullrequests/1/comments',
        post: { content: { raw: 'mine' } },
        authors: (j: { values: { user: { uuid: string } }[] }) => j.values.map((c) => c.user.uuid),
        repository: 'acme/who',
      },
    ];
    for (const c of cases) {
      const { write, read } = standInTokens[c.name];
      const me = await send(c.whoami, { token: read });
      expect(me.status, c.name).toBe(200);
      await send(c.comments, { method: 'POST', token: write, body: c.post });
      await control(`${c.name}/comments`, 'POST', { ...reviewer, repository: c.repository });
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each host's own shape, read above.
      const authors = c.authors((await send(c.comments, { token: read })).json as any);
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each host's own shape, read above.
      const id = c.id(me.json as any);
      expect(authors[0], c.name).toBe(id);
      expect(authors[1], c.name).not.toBe(id);
      await control(c.name, 'PUT', { identity: false });
      expect((await send(c.whoami, { token: read })).status, c.name).toBe(403);
      await control(c.name, 'PUT', { identity: true });
    }
    expect((await control('gitlab', 'PUT', { identity: 'no' })).status).toBe(400);
    expect(
      (await control('gitlab/comments', 'POST', { repository: 'acme/who', number: 1, author: 'a\nb' }))
        .status,
    ).toBe(400);
  });
});

describe('the control routes', () => {
  it('take the Super Admin token only, and say what the stand-ins were asked', async () => {
    expect((await send('/_providers/_control/requests', { token: standInTokens.github.write })).status).toBe(
      401,
    );
    const log = await control('requests');
    expect(log.json.requests.some((r: { provider: string }) => r.provider === 'bitbucket')).toBe(true);
    await control('requests', 'DELETE');
    expect((await control('requests')).json.requests).toEqual([]);
    expect((await control('gitea', 'PUT', {})).status).toBe(404);
  });
});
