import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectUsage, fakeClock, useCli } from '../../helpers/cli.js';

/**
 * `secscan pr comment --from FILE` against GitHub's API as an undici mock: one listing pass (the `Link`
 * header's pages), at most one write, the token to the API host only, nothing across a redirect or to
 * another host's link, rate limits waited out, a file for another pull request or commit refused.
 */
const cli = useCli();
const dir = mkdtempSync(join(tmpdir(), 'secscan-pr-comment-'));
const API = 'https://api.github.com';
const head = 'a'.repeat(40);
const json = { headers: { 'content-type': 'application/json' } };

const comment = {
  compound: 'shop',
  evaluated: true,
  passed: false,
  enforced: true,
  kind: 'diff',
  policy: '.secscan/rules.yml',
  target: 21,
  baseline: 'findings new since scan 7 of main (baseline: the merge target, $GITHUB_BASE_REF)',
  rules: [{ rule: 'no-new-critical', matched: 1, reachable: 1, threshold: 0, over: 1, result: 'fail' }],
  findings: [
    { id: '70', app: 'web', severity: 'critical', title: 'SQL Injection', rules: ['no-new-critical'] },
  ],
  unlisted: 0,
  fixed: null,
  suppressed: [],
  toolVersion: '0.1.0',
};
function file(name: string, over: Record<string, unknown> = {}): string {
  const path = join(dir, name);
  const pullRequest = { provider: 'github', repository: 'acme/shop', number: 12, head_sha: head };
  writeFileSync(
    path,
    JSON.stringify({ secscan: 'pr-comment', version: 1, pull_request: pullRequest, comment, ...over }),
  );
  return path;
}
const fromFile = file('comment.json');
const runEvent = join(dir, 'workflow-run.json');
writeFileSync(runEvent, JSON.stringify({ workflow_run: { head_sha: head, pull_requests: [] } }));
/** A `workflow_run` job posting what a fork's run left: the pull request must still be at its commit. */
const env = (extra: Record<string, string> = {}) => ({
  GITHUB_ACTIONS: 'true',
  GITHUB_REPOSITORY: 'acme/shop',
  GITHUB_EVENT_NAME: 'workflow_run',
  GITHUB_EVENT_PATH: runEvent,
  GITHUB_TOKEN: 'ghs_token',
  ...extra,
});
const github = () => cli.agent.get(API);
/** The gate's token's user: an installation token's (`ghs_`), the app's bot, as GraphQL's viewer names it. */
const bot = { login: 'github-actions[bot]', id: 41898282 };
const viewer = () =>
  github()
    .intercept({ path: '/graphql', method: 'POST' })
    .reply(200, { data: { viewer: { login: bot.login, databaseId: bot.id } } }, json);
/** A `workflow_run` job's first two questions: the pull request is still at the file's commit, and who it is. */
const atHead = () => {
  github()
    .intercept({ path: '/repos/acme/shop/pulls/12', method: 'GET' })
    .reply(200, { head: { sha: head } }, json);
  viewer();
};
const list = (page = 1) => ({
  path: `/repos/acme/shop/issues/12/comments?per_page=100${page > 1 ? `&page=${page}` : ''}`,
  method: 'GET',
});
const calls = () =>
  (cli.agent.getCallHistory()?.calls() ?? []).map((c) => `${c.method} ${c.origin}${c.path}`);

describe('pr comment: usage and the file (no request)', () => {
  it.each([
    [['pr', 'comment'], '--from is required (e.g. --from secscan-comment.json)'],
    [
      ['pr', 'comment', '--from', fromFile, '--comment-mode', 'hide'],
      'invalid value for --comment-mode: "hide" (choose from update, new, delete-and-new)',
    ],
    [
      ['pr', 'comment', '--from', fromFile, '--provider', 'gitea'],
      'invalid value for --provider: "gitea" (choose from github, gitlab, azure, bitbucket)',
    ],
    [
      ['pr', 'comment', '--from', fromFile, '--comment-max-chars', '10'],
      'invalid value for --comment-max-chars: "10" (expected a whole number from 1000 to 1000000)',
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: env() }), message, cli);
  });

  it('a file that is not a comment file is exit 3, naming what is wrong', async () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{"secscan":"pr-comment","version":1}');
    const r = await cli.run(['pr', 'comment', '--from', bad], { env: env() });
    expect(r.code).toBe(3);
    expect(r.stderr.split('\n')[0]).toBe(
      `error: ${bad}: not a secscan comment file: pull_request: Invalid input: expected object, received undefined`,
    );
    expect(calls()).toEqual([]);
  });

  it('a file for another repository is refused before any request', async () => {
    const r = await cli.run(['pr', 'comment', '--from', fromFile], {
      env: env({ GITHUB_REPOSITORY: 'acme/other' }),
    });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(
      'error: the comment file is for github acme/shop, not github acme/other: not posted',
    );
    expect(calls()).toEqual([]);
  });

  it('plain http to another host than loopback is refused: the token would travel in clear', async () => {
    const r = await cli.run(['pr', 'comment', '--from', fromFile], {
      env: env({ GITHUB_API_URL: 'http://ghe.example.com/api/v3' }),
    });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('plain http is refused but on loopback');
    expect(calls()).toEqual([]);
  });
});

describe('pr comment: GitHub', () => {
  it('pages through the comments by Link, then edits the gate’s comment in place: one listing pass, one write', async () => {
    const next = `${API}/repositories/1/issues/12/comments?per_page=100&page=2`;
    viewer();
    github()
      .intercept(list())
      .reply(200, [{ id: 1, body: 'LGTM', user: { login: 'alice', id: 7 } }], {
        headers: { ...json.headers, link: `<${next}>; rel="next", <${next}>; rel="last"` },
      });
    github()
      .intercept({ path: '/repositories/1/issues/12/comments?per_page=100&page=2', method: 'GET' })
      .reply(
        200,
        [
          {
            id: 2,
            body: '<!-- secscan:gate:shop -->\nold\n<!-- secscan:digest:0000000000000000 -->',
            user: bot,
          },
        ],
        json,
      );
    github()
      .intercept({ path: '/repos/acme/shop/pulls/12', method: 'GET' })
      .reply(200, { number: 12, head: { sha: head } }, json);
    github()
      .intercept({ path: '/repos/acme/shop/issues/comments/2', method: 'PATCH' })
      .reply(200, { id: 2 }, json);
    const r = await cli.run(['pr', 'comment', '--from', fromFile], { env: env() });
    expect(r.stderr).toBe("The gate's comment on GitHub pull request #12: updated.\n");
    expect(r.code).toBe(0);
    const history = cli.agent.getCallHistory()?.calls() ?? [];
    expect(history.map((c) => `${c.method} ${c.path.split('?')[0]}`)).toEqual([
      'GET /repos/acme/shop/pulls/12',
      'POST /graphql',
      'GET /repos/acme/shop/issues/12/comments',
      'GET /repositories/1/issues/12/comments',
      'PATCH /repos/acme/shop/issues/comments/2',
    ]);
    for (const c of history) {
      expect(c.origin).toBe(API);
      expect((c.headers as Record<string, string>).authorization).toBe('Bearer ghs_token');
      expect((c.headers as Record<string, string>)['x-github-api-version']).toBe('2022-11-28');
    }
    const sent = JSON.parse(String(history[4]?.body)) as { body: string };
    expect(sent.body.startsWith('<!-- secscan:gate:shop -->\n### ❌ Security gate failed: shop\n')).toBe(
      true,
    );
    expect(sent.body).toMatch(/\n<!-- secscan:digest:[0-9a-f]{16} -->\n$/);
  });

  it('a reviewer’s newer comment holding the marker is not the gate’s: the gate’s own is edited, the other left alone', async () => {
    const marker = '<!-- secscan:gate:shop -->';
    atHead();
    github()
      .intercept(list())
      .reply(
        200,
        [
          { id: 3, body: `${marker}\nold\n<!-- secscan:digest:0000000000000000 -->`, user: bot },
          {
            id: 4,
            body: `${marker}\n### ✅ Security gate passed: shop`,
            user: { login: 'mallory', id: 666 },
          },
        ],
        json,
      );
    github()
      .intercept({ path: '/repos/acme/shop/issues/comments/3', method: 'PATCH' })
      .reply(200, { id: 3 }, json);
    const r = await cli.run(['pr', 'comment', '--from', fromFile], { env: env() });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(
      "The gate's comment on GitHub pull request #12: updated. A comment holding the gate's marker was written by someone else: left alone.\n",
    );
    expect(calls().filter((c) => !c.startsWith('GET') && !c.endsWith('/graphql'))).toEqual([
      `PATCH ${API}/repos/acme/shop/issues/comments/3`,
    ]);
  });

  it('the token’s user unknown (the viewer refused): a new comment, nothing listed, edited or deleted, saying why', async () => {
    github()
      .intercept({ path: '/repos/acme/shop/pulls/12', method: 'GET' })
      .reply(200, { head: { sha: head } }, json);
    github()
      .intercept({ path: '/graphql', method: 'POST' })
      .reply(
        200,
        { data: { viewer: null }, errors: [{ type: 'FORBIDDEN', message: 'Resource not accessible' }] },
        json,
      );
    github()
      .intercept({ path: '/repos/acme/shop/issues/12/comments', method: 'POST' })
      .reply(201, { id: 9 }, json);
    const r = await cli.run(['pr', 'comment', '--from', fromFile, '--comment-mode', 'delete-and-new'], {
      env: env(),
    });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(
      "The gate's comment on GitHub pull request #12: posted as a new comment (GitHub: the GraphQL viewer answered FORBIDDEN): without the token's user, the gate cannot tell its comments from others' holding its marker, so it edits and deletes none.\n",
    );
    expect(calls().map((c) => c.split(' ')[0])).toEqual(['GET', 'POST', 'POST']);
  });

  it('a next page on another host is not followed: exit 8, the token never goes there', async () => {
    viewer();
    github()
      .intercept(list())
      .reply(200, [], {
        headers: { ...json.headers, link: '<https://evil.example.com/steal?page=2>; rel="next"' },
      });
    github()
      .intercept({ path: '/repos/acme/shop/pulls/12', method: 'GET' })
      .reply(200, { head: { sha: head } }, json);
    const r = await cli.run(['pr', 'comment', '--from', fromFile], { env: env() });
    expect(r.code).toBe(8);
    expect(r.stderr.split('\n')[0]).toBe(
      'error: GitHub: the API links to https://evil.example.com, another host than https://api.github.com: not followed (the token goes to its API host only)',
    );
    expect(calls().every((c) => c.includes(API))).toBe(true);
  });

  it('a redirect is not followed, to another host or not: exit 8, nothing sent to the Location', async () => {
    atHead();
    github()
      .intercept(list())
      .reply(301, '', { headers: { location: 'https://evil.example.com/repos/acme/shop' } });
    const r = await cli.run(['pr', 'comment', '--from', fromFile], { env: env() });
    expect(r.code).toBe(8);
    expect(r.stderr).toContain(
      'the API answered with a redirect to https://evil.example.com/repos/acme/shop (HTTP 301), which is not followed: the token goes to its API host only',
    );
    expect(calls()).toHaveLength(3);
  });

  it('GitHub’s secondary rate limit (403, Retry-After) is waited out and the write tried again', async () => {
    atHead();
    github().intercept(list()).reply(200, [], json);
    const body = {
      message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
    };
    github()
      .intercept({ path: '/repos/acme/shop/issues/12/comments', method: 'POST' })
      .reply(403, body, { headers: { ...json.headers, 'retry-after': '3' } });
    github()
      .intercept({ path: '/repos/acme/shop/issues/12/comments', method: 'POST' })
      .reply(201, { id: 9 }, json);
    const clock = fakeClock();
    const r = await cli.run(['pr', 'comment', '--from', fromFile], { env: env(), clock });
    expect(r.code).toBe(0);
    expect(clock.sleeps).toEqual([3000]);
    expect(r.stderr).toBe("The gate's comment on GitHub pull request #12: posted.\n");
  });

  it('a rate limit longer than --max-retry-wait is not waited for: exit 7, saying when', async () => {
    atHead();
    github()
      .intercept(list())
      .reply(
        403,
        { message: 'API rate limit exceeded' },
        {
          headers: {
            ...json.headers,
            'x-ratelimit-remaining': '0',
            'x-ratelimit-reset': String(Date.parse('2026-11-26T11:00:00Z') / 1000),
          },
        },
      );
    const clock = fakeClock();
    const r = await cli.run(['pr', 'comment', '--from', fromFile], { env: env(), clock });
    expect(r.code).toBe(7);
    expect(r.stderr).toContain('the service asks to be retried at 2026-11-26T11:00:00Z (in 60 min)');
    expect(clock.sleeps).toEqual([]);
  });

  it('a token that may not write: exit 4, naming the permission it needs', async () => {
    atHead();
    github().intercept(list()).reply(200, [], json);
    github()
      .intercept({ path: '/repos/acme/shop/issues/12/comments', method: 'POST' })
      .reply(403, { message: 'Resource not accessible by integration' }, json);
    const r = await cli.run(['pr', 'comment', '--from', fromFile], { env: env() });
    expect(r.code).toBe(4);
    expect(r.stderr).toBe(
      'error: GitHub: POST /repos/acme/shop/issues/12/comments: Resource not accessible by integration (HTTP 403)\n' +
        'hint: the token (GITHUB_TOKEN) needs write access to pull requests (`permissions: pull-requests: write`)\n',
    );
  });

  it('a pull request that moved on from the file’s commit is not commented: exit 3, no write', async () => {
    github()
      .intercept({ path: '/repos/acme/shop/pulls/12', method: 'GET' })
      .reply(200, { head: { sha: 'b'.repeat(40) } }, json);
    const r = await cli.run(['pr', 'comment', '--from', fromFile], { env: env() });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(
      `error: GitHub pull request #12 is at commit ${'b'.repeat(40)}, not ${head}, the commit the comment is about: not posted`,
    );
    expect(calls()).toHaveLength(1);
  });
});

describe('pr comment: in the job that wrote the file', () => {
  it('the file is the job’s own: no look at the pull request’s head, the comment posted', async () => {
    const event = join(dir, 'pull-request.json');
    writeFileSync(event, JSON.stringify({ pull_request: { number: 12, head: { sha: head } } }));
    viewer();
    github().intercept(list()).reply(200, [], json);
    github()
      .intercept({ path: '/repos/acme/shop/issues/12/comments', method: 'POST' })
      .reply(201, { id: 5 }, json);
    const r = await cli.run(['pr', 'comment', '--from', fromFile, '-o', 'json'], {
      env: env({ GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: event }),
    });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      provider: 'github',
      repository: 'acme/shop',
      pull_request: 12,
      comment: 'created',
    });
    expect(calls().map((c) => c.split(' ')[0])).toEqual(['POST', 'GET', 'POST']);
  });
});

describe('pr comment: the link to the scan, from a file a fork’s run wrote', () => {
  const event = join(dir, 'own-pull-request.json');
  writeFileSync(event, JSON.stringify({ pull_request: { number: 12, head: { sha: head } } }));
  const own = (extra: Record<string, string> = {}) =>
    env({ GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: event, ...extra });

  it.each([
    ['the service’s own host', 'https://app.shiftleft.io/apps/shop?scan=21', {}, true],
    [
      'the host SECSCAN_SCAN_URL names',
      'https://web.example.com/s/21',
      { SECSCAN_SCAN_URL: 'https://web.example.com/s/{scan}' },
      true,
    ],
    ['another host', 'https://evil.example.com/login?next=scan', {}, 'https://evil.example.com'],
    [
      'the service’s host with credentials',
      'https://x:y@app.shiftleft.io/apps/shop',
      {},
      'https://app.shiftleft.io with credentials',
    ],
  ] as const)('%s', async (_, scanUrl, extra, kept) => {
    viewer();
    github().intercept(list()).reply(200, [], json);
    github()
      .intercept({ path: '/repos/acme/shop/issues/12/comments', method: 'POST' })
      .reply(201, { id: 5 }, json);
    const linked = file('linked.json', { comment: { ...comment, scanUrl } });
    const r = await cli.run(['pr', 'comment', '--from', linked], { env: own(extra) });
    expect(r.code, r.stderr).toBe(0);
    const post = (cli.agent.getCallHistory()?.calls() ?? []).find(
      (c) => c.path.endsWith('/12/comments') && c.method === 'POST',
    );
    const body = (JSON.parse(String(post?.body)) as { body: string }).body;
    if (kept === true) {
      expect(body).toContain(`[Scan 21 in the service](${scanUrl})`);
      expect(r.stderr).toBe("The gate's comment on GitHub pull request #12: posted.\n");
    } else {
      expect(body).not.toContain('in the service');
      expect(body).not.toContain('evil.example.com');
      expect(r.stderr.split('\n')[0]).toBe(
        `The comment file links the scan to ${kept}, not the service (https://app.shiftleft.io): the comment has no link to it.`,
      );
    }
  });
});

describe('pr comment: the other providers', () => {
  const azure = 'https://dev.azure.com';
  const azureFile = file('azure.json', {
    pull_request: { provider: 'azure', repository: 'shop/r1', number: 9, head_sha: null },
  });
  const azureEnv = {
    TF_BUILD: 'True',
    SYSTEM_COLLECTIONURI: `${azure}/acme/`,
    SYSTEM_TEAMPROJECT: 'shop',
    BUILD_REPOSITORY_ID: 'r1',
    SYSTEM_PULLREQUEST_PULLREQUESTID: '9',
    SYSTEM_ACCESSTOKEN: 'expired',
  };

  it('Azure DevOps’ sign-in page for a token it does not take (HTTP 203) is exit 4, naming the permission', async () => {
    cli.agent
      .get(azure)
      .intercept({ path: '/acme/_apis/connectionData?api-version=7.1-preview', method: 'GET' })
      .reply(203, '<html><title>Azure DevOps Services | Sign In</title></html>', {
        headers: { 'content-type': 'text/html' },
      });
    const r = await cli.run(['pr', 'comment', '--from', azureFile], { env: azureEnv });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain(
      'error: Azure DevOps: GET /acme/_apis/connectionData: the token is not accepted (the API answered with a sign-in page, HTTP 203)',
    );
    expect(r.stderr).toContain('"Contribute to pull requests"');
  });

  it('a file for another provider than the job’s CI is refused before any request', async () => {
    const r = await cli.run(['pr', 'comment', '--from', azureFile, '--provider', 'github'], { env: env() });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(
      'error: the comment file is for azure shop/r1, not github acme/shop: not posted',
    );
    expect(calls()).toEqual([]);
  });
});
