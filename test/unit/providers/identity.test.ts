import { describe, expect, it } from 'vitest';
import type { RawResponse } from '../../../src/api/client-types.js';
import { graphqlUrl } from '../../../src/providers/github.js';
import { ProviderHttp, type Sender } from '../../../src/providers/http.js';
import { loadProvider } from '../../../src/providers/index.js';
import type { ProviderName, PullRequest } from '../../../src/providers/types.js';

/**
 * Who each provider's token is (its "who am I"), and who wrote each comment of a listing, in the same
 * terms: the gate's comments are the ones its token's user wrote. A refusal to say is an identity that
 * cannot be known, saying why; an answer of the wrong shape is exit 8.
 */
type Answer = { status: number; body?: unknown };

/** A provider's API answering by `METHOD /path` (query left out), recording what was asked. */
function api(answers: Record<string, Answer | Answer[]>) {
  const asked: string[] = [];
  const sender: Sender = {
    async send(method, path) {
      const key = `${method} ${path.split('?')[0]}`;
      asked.push(`${method} ${path}`);
      const found = answers[key];
      const answer = Array.isArray(found) ? found.shift() : found;
      if (!answer) throw new Error(`unexpected ${key}`);
      return {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
        body: Buffer.from(answer.body === undefined ? '' : JSON.stringify(answer.body)),
        durationMs: 1,
      } satisfies RawResponse;
    },
  };
  return { sender, asked };
}

const prs: Record<ProviderName, PullRequest> = {
  github: {
    provider: 'github',
    apiUrl: 'https://ghe.example.com/api/v3',
    apiFrom: 'test',
    token: 'ghp_personal',
    tokenVariable: 'GITHUB_TOKEN',
    repository: 'acme/shop',
    number: 12,
  },
  gitlab: {
    provider: 'gitlab',
    apiUrl: 'https://gitlab.example.com/api/v4',
    apiFrom: 'test',
    token: 'glpat',
    tokenVariable: 'SECSCAN_GITLAB_TOKEN',
    repository: '42',
    number: 7,
  },
  azure: {
    provider: 'azure',
    apiUrl: 'https://dev.azure.com/acme',
    apiFrom: 'test',
    token: 't',
    tokenVariable: 'SYSTEM_ACCESSTOKEN',
    repository: 'shop/r1',
    number: 9,
  },
  bitbucket: {
    provider: 'bitbucket',
    apiUrl: 'https://api.bitbucket.org/2.0',
    apiFrom: 'test',
    token: 't',
    tokenVariable: 'SECSCAN_BITBUCKET_TOKEN',
    repository: 'acme/shop',
    number: 4,
  },
};

async function commentsOf(name: ProviderName, answers: Record<string, Answer | Answer[]>, token?: string) {
  const provider = await loadProvider(name);
  const pr = { ...prs[name], ...(token ? { token } : {}) };
  const { sender, asked } = api(answers);
  const http = new ProviderHttp(sender, new URL(pr.apiUrl), {
    title: provider.title,
    permission: provider.permission,
    tokenVariable: pr.tokenVariable,
    maxRetryWaitMs: 0,
    sleep: async () => {},
    now: () => 0,
  });
  return { comments: provider.comments(http, pr), asked };
}

async function listed(name: ProviderName, answers: Record<string, Answer | Answer[]>) {
  const { comments } = await commentsOf(name, answers);
  const rows = [];
  for await (const c of comments.list()) rows.push({ id: c.id, author: c.author });
  return rows;
}

describe('GitHub: GET /user, or GraphQL’s viewer for an app’s installation token', () => {
  it('GraphQL sits beside the REST API: /graphql on api.github.com, /api/graphql on GitHub Enterprise', () => {
    expect(graphqlUrl(new URL('https://api.github.com'))).toBe('https://api.github.com/graphql');
    expect(graphqlUrl(new URL('https://ghe.example.com/api/v3'))).toBe('https://ghe.example.com/api/graphql');
  });

  it('a personal token: its user’s id, from GET /user', async () => {
    const { comments, asked } = await commentsOf('github', {
      'GET /api/v3/user': { status: 200, body: { login: 'octocat', id: 583231 } },
    });
    expect(await comments.whoami()).toEqual({ author: '583231' });
    expect(asked).toEqual(['GET /api/v3/user']);
  });

  it('an installation token (`ghs_`, as GITHUB_TOKEN): the viewer at once, the app’s bot', async () => {
    const { comments, asked } = await commentsOf(
      'github',
      {
        'POST /api/graphql': {
          status: 200,
          body: { data: { viewer: { login: 'github-actions[bot]', databaseId: 41898282 } } },
        },
      },
      'ghs_installation',
    );
    expect(await comments.whoami()).toEqual({ author: '41898282' });
    expect(asked).toEqual(['POST /api/graphql']);
  });

  it('GET /user refused (an app’s token without the ghs_ prefix): the viewer; both refused: unknown, saying why', async () => {
    const refused = { status: 403, body: { message: 'Resource not accessible by integration' } };
    const forbidden = {
      status: 200,
      body: { data: { viewer: null }, errors: [{ type: 'FORBIDDEN', message: 'no' }] },
    };
    const bot = { status: 200, body: { data: { viewer: { login: 'my-app[bot]', databaseId: 99 } } } };
    const answers = { 'GET /api/v3/user': [refused, refused], 'POST /api/graphql': [bot, forbidden] };
    const { comments, asked } = await commentsOf('github', answers);
    expect(await comments.whoami()).toEqual({ author: '99' });
    expect(await comments.whoami()).toEqual({
      unknown: 'GitHub: GET /user was refused (HTTP 403); GitHub: the GraphQL viewer answered FORBIDDEN',
    });
    expect(asked).toEqual(['GET /api/v3/user', 'POST /api/graphql', 'GET /api/v3/user', 'POST /api/graphql']);
  });

  it('an answer naming nobody is exit 8; a token the API does not take (401) is not “unknown”', async () => {
    const empty = await commentsOf('github', { 'GET /api/v3/user': { status: 200, body: { login: 'x' } } });
    await expect(empty.comments.whoami()).rejects.toMatchObject({
      exitCode: 8,
      message: 'GitHub: GET /user: the answer names no user (no id)',
    });
    const bad = await commentsOf('github', {
      'GET /api/v3/user': { status: 401, body: { message: 'Bad credentials' } },
    });
    await expect(bad.comments.whoami()).rejects.toMatchObject({ exitCode: 4, status: 401 });
  });

  it('each comment’s author is its user’s id; a row without one is nobody’s', async () => {
    const rows = await listed('github', {
      'GET /api/v3/repos/acme/shop/issues/12/comments': {
        status: 200,
        body: [
          { id: 1, body: 'a', user: { login: 'github-actions[bot]', id: 41898282 } },
          { id: 2, body: 'b', user: null },
        ],
      },
    });
    expect(rows).toEqual([
      { id: '1', author: '41898282' },
      { id: '2', author: undefined },
    ]);
  });
});

describe('GitLab, Azure DevOps, Bitbucket Cloud', () => {
  it('GitLab: GET /user’s id (a project access token’s bot user), and each note’s author id', async () => {
    const { comments } = await commentsOf('gitlab', {
      'GET /api/v4/user': { status: 200, body: { id: 1201, username: 'project_42_bot', bot: true } },
    });
    expect(await comments.whoami()).toEqual({ author: '1201' });
    const rows = await listed('gitlab', {
      'GET /api/v4/projects/42/merge_requests/7/notes': {
        status: 200,
        body: [{ id: 5, body: 'x', author: { id: 1201, username: 'project_42_bot' }, system: false }],
      },
    });
    expect(rows).toEqual([{ id: '5', author: '1201' }]);
  });

  it('Azure DevOps: the connection data’s authenticated identity, and each thread’s first comment’s author', async () => {
    const id = '3C4B1F2A-0000-4000-A000-000000000001';
    const { comments, asked } = await commentsOf('azure', {
      'GET /acme/_apis/connectionData': { status: 200, body: { authenticatedUser: { id } } },
    });
    expect(await comments.whoami()).toEqual({ author: id.toLowerCase() });
    expect(asked).toEqual(['GET /acme/_apis/connectionData?api-version=7.1-preview']);
    const rows = await listed('azure', {
      'GET /acme/shop/_apis/git/repositories/r1/pullRequests/9/threads': {
        status: 200,
        body: { value: [{ id: 3, comments: [{ id: 1, content: 'x', author: { id } }] }] },
      },
    });
    expect(rows).toEqual([{ id: '1', author: id.toLowerCase() }]);
  });

  it('Bitbucket: GET /user’s uuid; a repository access token, refused it (no account scope), is unknown', async () => {
    const uuid = '{1b2c3d4e-0000-4000-a000-000000000002}';
    const { comments } = await commentsOf('bitbucket', {
      'GET /2.0/user': [
        { status: 200, body: { uuid, display_name: 'secscan-bot' } },
        {
          status: 403,
          body: {
            type: 'error',
            error: { message: 'Your credentials lack one or more required privilege scopes.' },
          },
        },
      ],
    });
    expect(await comments.whoami()).toEqual({ author: uuid });
    expect(await comments.whoami()).toEqual({
      unknown: 'Bitbucket Cloud: GET /user was refused (HTTP 403)',
    });
    const rows = await listed('bitbucket', {
      'GET /2.0/repositories/acme/shop/pullrequests/4/comments': {
        status: 200,
        body: { values: [{ id: 8, content: { raw: 'x' }, user: { uuid } }] },
      },
    });
    expect(rows).toEqual([{ id: '8', author: uuid }]);
  });
});
