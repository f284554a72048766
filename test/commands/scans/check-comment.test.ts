import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stubBaseline } from '../../helpers/baseline.js';
import { authEnv, expectUsage, json, ok, useCli } from '../../helpers/cli.js';

/**
 * `scans check --comment`: the verdict on the pull request, or one notice and a file when no write is
 * possible; a comment never changes the gate's exit code but with --comment-required.
 */
const cli = useCli();
const dir = mkdtempSync(join(tmpdir(), 'secscan-check-comment-'));
const rules = join(dir, 'rules.yml');
writeFileSync(rules, 'rules:\n  - id: no-critical\n    tags:\n      severity: [critical]\n');
const shop = { path: { compoundName: 'shop' } };
const API = 'https://api.github.com';
const gate = ['scans', 'check', '--compound', 'shop', '--rules', rules];
/** GitHub's GraphQL viewer: who the installation token (`ghs_`) is, the app's bot. */
const viewer = () =>
  cli.agent
    .get(API)
    .intercept({ path: '/graphql', method: 'POST' })
    .reply(200, { data: { viewer: { login: 'github-actions[bot]', databaseId: 41898282 } } }, json);
const summary = (matched: number) => ({
  matched,
  reachable: matched,
  over_threshold: matched,
  findings: matched
    ? [
        {
          id: 7,
          title: 'SQL Injection',
          tags: { severity: ['critical'], app: ['pay'], file: ['a.go'], line: ['3'] },
        },
      ]
    : [],
});
const answer = (matched: number) =>
  ok({ source: { id: 4 }, target: { id: 5 }, rules: { 'no-critical': summary(matched) } });

function event(name: string, headRepo: string): string {
  const path = join(dir, name);
  writeFileSync(
    path,
    JSON.stringify({
      pull_request: {
        number: 12,
        head: { sha: 'a'.repeat(40), repo: { full_name: headRepo } },
        base: { repo: { full_name: 'acme/shop' } },
      },
    }),
  );
  return path;
}
const githubEnv = (extra: Record<string, string> = {}) =>
  authEnv({
    GITHUB_ACTIONS: 'true',
    GITHUB_REPOSITORY: 'acme/shop',
    GITHUB_EVENT_NAME: 'pull_request',
    GITHUB_EVENT_PATH: event('pr.json', 'acme/shop'),
    GITHUB_TOKEN: 'ghs_token',
    GITHUB_BASE_REF: 'main',
    ...extra,
  });
/** The check's answer, its baseline named, and the fixed findings: the compound scans of both, compared. */
function gateStubs(matched: number): void {
  cli.stub('CheckScans', shop).reply(200, answer(matched), json);
  stubBaseline(cli, { defaultBranch: false });
  for (const [scan, app] of [
    [5, '1005'],
    [4, '1004'],
  ] as const) {
    cli
      .stub('ReadCompoundScan', { path: { compoundName: 'shop', scanID: scan }, query: { archived: true } })
      .reply(200, ok({ polyglot_scan_id: scan, scans: [{ id: app, app: 'pay' }] }), json);
  }
  cli
    .stub('ListScansCompare', { path: { appID: 'pay' }, query: { source: 'scan.1004', target: 'scan.1005' } })
    .reply(
      200,
      ok({
        source: { id: '1004' },
        target: { id: '1005' },
        new: [],
        common: [],
        fixed: [{ id: '3', app: 'pay', severity: 'high', title: 'XSS @team' }],
      }),
      json,
    );
}

describe('scans check --comment: usage (exit 2, no request)', () => {
  it.each([
    [[...gate, '--comment-mode', 'new'], '--comment-mode needs --comment'],
    [[...gate, '--comment-required'], '--comment-required needs --comment'],
    [[...gate, '--provider', 'gitlab'], '--provider needs --comment'],
    [
      [...gate, '--comment', '--comment-file', rules],
      `--comment-file and --rules name the same file ${rules}`,
    ],
    [
      [...gate, '--comment', '--comment-file', join(dir, 'no/such.json')],
      `invalid value for --comment-file: the directory of ${join(dir, 'no/such.json')} does not exist`,
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('scans check --comment', () => {
  it('posts the verdict with the new and the fixed findings, linked to the head commit; the exit code is the gate’s', async () => {
    gateStubs(1);
    viewer();
    cli.agent
      .get(API)
      .intercept({ path: '/repos/acme/shop/issues/12/comments?per_page=100', method: 'GET' })
      .reply(200, [], json);
    cli.agent
      .get(API)
      .intercept({ path: '/repos/acme/shop/issues/12/comments', method: 'POST' })
      .reply(201, { id: 1 }, json);
    const r = await cli.run([...gate, '--comment'], { env: githubEnv() });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("The gate's comment on GitHub pull request #12: posted.\n");
    const post = (cli.agent.getCallHistory()?.calls() ?? []).find(
      (c) => c.method === 'POST' && c.origin === API && c.path.endsWith('/comments'),
    );
    const body = (JSON.parse(String(post?.body)) as { body: string }).body;
    expect(body).toContain(
      'Scan 5: findings new since scan 4 of main, abc1234 (baseline: the merge target, $GITHUB\\_BASE\\_REF).',
    );
    expect(body).toContain(`[a.go:3](https://github.com/acme/shop/blob/${'a'.repeat(40)}/a.go#L3)`);
    expect(body).toContain('<details><summary>Fixed since the baseline (1)</summary>');
    expect(body).toContain('XSS @&#8203;team (finding 3 of pay)');
    expect(body).toContain('[Scan 5 in the service](http://127.0.0.1:9/apps/shop?organizationId=');
  });

  it('a fork’s pull request: no request to GitHub, one notice, and the comment in a file for `pr comment --from`', async () => {
    gateStubs(1);
    const file = join(dir, 'fork-comment.json');
    const r = await cli.run([...gate, '--comment', '--comment-file', file], {
      env: githubEnv({ GITHUB_EVENT_PATH: event('fork.json', 'mallory/shop') }),
    });
    expect(r.code).toBe(1);
    const notices = r.stderr.split('\n').filter((l) => l.startsWith('::notice'));
    expect(notices).toEqual([
      `::notice title=secscan::No comment on GitHub pull request #12: GitHub: a pull request from a fork runs with a read-only GITHUB_TOKEN (the verdict is in the step summary and annotations); the comment is in ${file}, for a job that can write to post with \`secscan pr comment --from ${file}\``,
    ]);
    const saved = JSON.parse(readFileSync(file, 'utf8'));
    expect(saved.pull_request).toEqual({
      provider: 'github',
      repository: 'acme/shop',
      number: 12,
      head_sha: 'a'.repeat(40),
    });
    expect(saved.comment).toMatchObject({
      compound: 'shop',
      evaluated: true,
      passed: false,
      fixed: [{ id: '3' }],
    });
    expect((cli.agent.getCallHistory()?.calls() ?? []).some((c) => c.origin === API)).toBe(false);
  });

  it('outside a pull request: one line saying so, the gate as it was; --comment-required makes it exit 3', async () => {
    cli.stub('CheckScans', shop).reply(200, answer(0), json);
    stubBaseline(cli, { defaultBranch: false });
    const r = await cli.run([...gate, '--comment'], { env: authEnv({ GITHUB_BASE_REF: 'main' }) });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(
      'No pull-request comment: not a pull request: no GitHub Actions, GitLab CI, Azure Pipelines or Bitbucket Pipelines job here (give --provider and its variables).\n',
    );
    cli.stub('CheckScans', shop).reply(200, answer(0), json);
    stubBaseline(cli, { defaultBranch: false });
    const required = await cli.run([...gate, '--comment', '--comment-required'], {
      env: authEnv({ GITHUB_BASE_REF: 'main' }),
    });
    expect(required.code).toBe(3);
    expect(required.stderr).toContain('error: --comment-required: not a pull request');
  });

  it('a comment that fails is a warning; with --comment-required a passing gate exits with its code', async () => {
    for (const required of [false, true]) {
      cli.stub('CheckScans', shop).reply(200, answer(0), json);
      stubBaseline(cli, { defaultBranch: false });
      viewer();
      for (let i = 0; i < 3; i++) {
        cli.agent
          .get(API)
          .intercept({ path: '/repos/acme/shop/issues/12/comments?per_page=100', method: 'GET' })
          .reply(502, { message: 'Bad Gateway' }, json);
      }
      const argv = [...gate, '--comment', ...(required ? ['--comment-required'] : []), '--retries', '2'];
      const r = await cli.run(argv, { env: githubEnv() });
      expect(r.stderr).toContain(
        "warning: the gate's comment on GitHub pull request #12 was not posted: GitHub: GET /repos/acme/shop/issues/12/comments: Bad Gateway (HTTP 502)",
      );
      expect(r.code).toBe(required ? 7 : 0);
    }
  });

  it('a gate not evaluated says so on the pull request too: no baseline', async () => {
    cli
      .stub('CheckScans', shop)
      .reply(200, ok({ target: { id: 5 }, rules: { 'no-critical': summary(0) } }), json);
    viewer();
    cli.agent
      .get(API)
      .intercept({ path: '/repos/acme/shop/issues/12/comments?per_page=100', method: 'GET' })
      .reply(200, [], json);
    cli.agent
      .get(API)
      .intercept({ path: '/repos/acme/shop/issues/12/comments', method: 'POST' })
      .reply(201, { id: 1 }, json);
    const file = join(dir, 'never.json');
    const r = await cli.run([...gate, '--comment', '--comment-file', file], { env: githubEnv() });
    expect(r.code).toBe(10);
    const post = (cli.agent.getCallHistory()?.calls() ?? []).find(
      (c) => c.method === 'POST' && c.origin === API && c.path.endsWith('/comments'),
    );
    const body = (JSON.parse(String(post?.body)) as { body: string }).body;
    expect(body).toContain('### ⚠️ Security gate not evaluated: shop');
    expect(body).toContain('no baseline: no scan of main for shop before scan 5; pass --baseline none');
    expect(existsSync(file)).toBe(false);
  });
});
