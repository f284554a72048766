import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedEnv, type RunningSandbox, secscan as spawnCli, startSandbox } from './sandbox.js';

/**
 * The gate's comment on a pull request, end to end: the built binary against the sandbox's stand-ins of
 * GitHub, GitLab, Azure DevOps and Bitbucket Cloud, with each one's CI variables as its CI service sets
 * them. The first run creates the comment (paging past others' comments), the second with the same
 * findings writes nothing, a new finding updates the same comment, two apps keep two comments, a token
 * that may not write falls back to a file that `pr comment --from` posts, an oversized body is trimmed.
 */
let sandbox: RunningSandbox;
let config: ReturnType<typeof isolatedEnv>;
let work: string;

beforeAll(async () => {
  sandbox = await startSandbox();
  config = isolatedEnv();
  work = join(config.dir, 'work');
  mkdirSync(work);
  writeFileSync(
    join(work, 'rules.yml'),
    'rules:\n  - id: no-new-critical\n    tags:\n      severity: [critical]\n    threshold: 0\n' +
      '  - id: few-new-high\n    tags:\n      severity: [high]\n    threshold: 2\n',
  );
}, 60_000);

afterAll(async () => {
  await sandbox?.stop();
  config?.cleanup();
});

async function run(args: string[], env: Record<string, string>) {
  const r = await spawnCli(args, { ...config.env, ...sandbox.settings, ...env }, { cwd: work });
  return { code: r.exitCode, stdout: String(r.stdout ?? ''), stderr: String(r.stderr ?? '') };
}

async function control(path: string, method = 'GET', body?: unknown) {
  const res = await fetch(`${sandbox.baseUrl}/_providers/_control/${path}`, {
    method,
    headers: { authorization: `Bearer ${sandbox.token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the control routes answer JSON.
  return (await res.json()) as any;
}

type Name = 'github' | 'gitlab' | 'azure' | 'bitbucket';
const tokens = {
  github: { write: 'ghs_sandboxWriteToken', read: 'ghs_sandboxReadToken' },
  gitlab: { write: 'glpat-sandbox-write', read: 'glpat-sandbox-read' },
  azure: { write: 'azure-sandbox-write', read: 'azure-sandbox-read' },
  bitbucket: { write: 'bitbucket-sandbox-write', read: 'bitbucket-sandbox-read' },
};
/** The repository as each stand-in keys it (its control routes take the same). */
const repository: Record<Name, string> = {
  github: 'acme/shop',
  gitlab: 'acme/shop',
  azure: 'acme/shop/r1',
  bitbucket: 'acme/shop',
};
const head = (n: number) => n.toString(16).padStart(40, 'c');

/** The variables each CI service sets in a pull request's job, the stand-in as its API. */
function ciEnv(name: Name, number: number, token: string, sha: string): Record<string, string> {
  const base = sandbox.baseUrl;
  switch (name) {
    case 'github': {
      const event = join(work, `event-${number}-${sha}.json`);
      writeFileSync(
        event,
        JSON.stringify({
          pull_request: {
            number,
            head: { sha, repo: { full_name: 'acme/shop' } },
            base: { repo: { full_name: 'acme/shop' } },
          },
        }),
      );
      return {
        GITHUB_ACTIONS: 'true',
        GITHUB_REPOSITORY: 'acme/shop',
        GITHUB_EVENT_NAME: 'pull_request',
        GITHUB_EVENT_PATH: event,
        GITHUB_API_URL: `${base}/_providers/github`,
        GITHUB_TOKEN: token,
        GITHUB_BASE_REF: 'main',
      };
    }
    case 'gitlab':
      return {
        GITLAB_CI: 'true',
        CI_API_V4_URL: `${base}/_providers/gitlab/api/v4`,
        CI_PROJECT_ID: 'acme/shop',
        CI_MERGE_REQUEST_IID: String(number),
        CI_MERGE_REQUEST_TARGET_BRANCH_NAME: 'main',
        CI_COMMIT_SHA: sha,
        CI_PROJECT_URL: 'https://gitlab.example.com/acme/shop',
        CI_JOB_TOKEN: 'job-token',
        SECSCAN_GITLAB_TOKEN: token,
      };
    case 'azure':
      return {
        TF_BUILD: 'True',
        SYSTEM_COLLECTIONURI: `${base}/_providers/azure/acme/`,
        SYSTEM_TEAMPROJECT: 'shop',
        BUILD_REPOSITORY_ID: 'r1',
        SYSTEM_PULLREQUEST_PULLREQUESTID: String(number),
        SYSTEM_PULLREQUEST_TARGETBRANCH: 'refs/heads/main',
        SYSTEM_PULLREQUEST_SOURCECOMMITID: sha,
        SYSTEM_ACCESSTOKEN: token,
      };
    case 'bitbucket':
      return {
        BITBUCKET_BUILD_NUMBER: '1',
        BITBUCKET_WORKSPACE: 'acme',
        BITBUCKET_REPO_SLUG: 'shop',
        BITBUCKET_PR_ID: String(number),
        BITBUCKET_PR_DESTINATION_BRANCH: 'main',
        BITBUCKET_COMMIT: sha,
        SECSCAN_BITBUCKET_API_URL: `${base}/_providers/bitbucket/2.0`,
        SECSCAN_BITBUCKET_TOKEN: token,
      };
  }
}

const authored = async (name: Name, number: number): Promise<{ body: string; author: string }[]> =>
  (await control(`${name}/comments?repository=${encodeURIComponent(repository[name])}&number=${number}`))
    .comments;
const comments: (name: Name, number: number) => Promise<{ body: string }[]> = authored;
const gateComments = async (name: Name, number: number, app = 'shop') =>
  (await comments(name, number)).filter((c) => c.body.includes(`secscan:gate:${app}`));
/** What a run wrote to a host (GitHub's GraphQL viewer, a POST, only reads). */
const writes = async (name: Name) =>
  ((await control('requests')).requests as { provider: string; method: string; path: string }[]).filter(
    (r) => r.provider === name && r.method !== 'GET' && !r.path.endsWith('/graphql'),
  );

const providers: [Name, number][] = [
  ['github', 101],
  ['gitlab', 102],
  ['azure', 103],
  ['bitbucket', 104],
];

describe.each(providers)('scans check --comment on %s', (name, number) => {
  const branch = `feature/${name}`;
  const gate = (version: string, ...more: string[]) => [
    ...['scans', 'check', '--compound', 'shop', '--rules', 'rules.yml', '--version', version],
    ...['--comment', ...more],
  ];

  it('creates one comment past others’ (pages), writes nothing when nothing changed, updates it on a new finding', async () => {
    await control(`${name}/comments`, 'POST', { repository: repository[name], number, count: 150 });
    const v1 = `${name}-1`;
    expect(
      (
        await run(
          [
            'sandbox',
            'scan',
            '--compound',
            'shop',
            '--branch',
            branch,
            '--version',
            v1,
            '--new',
            'critical=1',
          ],
          {},
        )
      ).code,
    ).toBe(0);
    const first = await run(gate(v1), ciEnv(name, number, tokens[name].write, head(number)));
    expect(first.code, first.stderr).toBe(1);
    expect(first.stdout).toContain('findings new since scan ');
    expect(first.stderr).toMatch(/The gate's comment on .* (#|!)\d+: posted\./);
    expect(await comments(name, number)).toHaveLength(151);
    const [created] = await gateComments(name, number);
    expect(created?.body).toContain('Security gate failed: shop');
    expect(created?.body).toMatch(
      /\*\*1 of 2 rules over their threshold\*\*: no-new-critical \(1 new, threshold 0\)/,
    );
    expect(created?.body).toMatch(/findings new since scan \d+ of main, /);

    await control('requests', 'DELETE');
    const again = await run(gate(v1), ciEnv(name, number, tokens[name].write, head(number)));
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('unchanged (nothing new to say): not written.');
    expect(await writes(name)).toEqual([]);

    const v2 = `${name}-2`;
    await run(
      ['sandbox', 'scan', '--compound', 'shop', '--branch', branch, '--version', v2, '--new', 'high=3'],
      {},
    );
    if (name === 'github') await control('github', 'PUT', { rate_limit: { after: 0, retry_after: 1 } });
    await control('requests', 'DELETE');
    const updated = await run(gate(v2), ciEnv(name, number, tokens[name].write, head(number + 1000)));
    expect(updated.code).toBe(1);
    expect(updated.stderr).toMatch(/: updated\./);
    const after = await gateComments(name, number);
    expect(after).toHaveLength(1);
    expect(after[0]?.body).toMatch(/few-new-high \(3 new, threshold 2\)/);
    const methods = (await writes(name)).map((w) => w.method);
    // GitHub's secondary rate limit refused the first attempt; it was waited out and tried again.
    expect(methods).toEqual(name === 'github' ? ['PATCH', 'PATCH'] : [name === 'azure' ? 'PATCH' : 'PUT']);
    expect(await comments(name, number)).toHaveLength(151);
  }, 60_000);

  it('two apps keep two comments', async () => {
    await run(['sandbox', 'scan', '--app', 'shiftleft-java-demo', '--new', 'critical=1'], {});
    const r = await run(
      ['scans', 'check', '--compound', 'shiftleft-java-demo', '--rules', 'rules.yml', '--comment'],
      ciEnv(name, number, tokens[name].write, head(number + 1000)),
    );
    expect(r.stderr).toMatch(/: posted\./);
    expect(await gateComments(name, number)).toHaveLength(1);
    expect(await gateComments(name, number, 'shiftleft-java-demo')).toHaveLength(1);
  }, 30_000);

  it('a token that may not write: one notice, the exit code unchanged, and `pr comment --from` posts it', async () => {
    const pr = number + 10;
    const sha = head(pr);
    const file = `comment-${name}.json`;
    const read = await run(
      gate(`${name}-2`, '--comment-file', file),
      ciEnv(name, pr, tokens[name].read, sha),
    );
    expect(read.code).toBe(1);
    expect(read.stderr).toMatch(
      new RegExp(`No comment on .* (#|!)${pr}: .*; the comment is in ${file}, for a job that can write`),
    );
    expect(await gateComments(name, pr)).toEqual([]);
    expect(existsSync(join(work, file))).toBe(true);
    if (name === 'github') {
      await control('github', 'PUT', { pulls: [{ repository: 'acme/shop', number: pr, head_sha: sha }] });
    }
    const posted = await run(['pr', 'comment', '--from', file], ciEnv(name, pr, tokens[name].write, sha));
    expect(posted.code, posted.stderr).toBe(0);
    expect(await gateComments(name, pr)).toHaveLength(1);
    const refused = await run(['pr', 'comment', '--from', file], ciEnv(name, pr, tokens[name].read, sha));
    expect(refused.code).toBe(0);
    expect(refused.stderr).toContain('unchanged');
  }, 30_000);

  it('a reviewer’s comment holding the marker is never the gate’s: not edited, not deleted; a token nobody names posts anew', async () => {
    const pr = number + 30;
    const env = ciEnv(name, pr, tokens[name].write, head(pr));
    const first = await run(gate(`${name}-1`), env);
    expect(first.stderr).toMatch(/: posted\./);
    const [own] = await gateComments(name, pr);
    // Anyone who may comment can copy the gate's comment, marker and digest, below it.
    const copy = `${own?.body}\nFrozen by a reviewer: this verdict stays.`;
    await control(`${name}/comments`, 'POST', {
      repository: repository[name],
      number: pr,
      body: copy,
      author: 'mallory',
    });
    const reviewers = async () => (await authored(name, pr)).filter((c) => c.author === 'mallory');
    const gates = async () => (await authored(name, pr)).filter((c) => c.author !== 'mallory');

    const updated = await run(gate(`${name}-2`), env);
    expect(updated.stderr).toContain(
      ": updated. A comment holding the gate's marker was written by someone else: left alone.",
    );
    expect((await reviewers()).map((c) => c.body)).toEqual([copy]);
    const mine = await gates();
    expect(mine).toHaveLength(1);
    expect(mine[0]?.body).toMatch(/few-new-high \(3 new, threshold 2\)/);

    const recreated = await run(gate(`${name}-1`, '--comment-mode', 'delete-and-new'), env);
    expect(recreated.stderr).toContain(': posted anew (the earlier ones deleted).');
    expect((await reviewers()).map((c) => c.body)).toEqual([copy]);
    expect((await gates()).map((c) => c.body)).toEqual([expect.stringContaining('no-new-critical (1 new')]);

    // A token whose user the host does not say (Bitbucket's repository access token): a new comment, and
    // nothing of anyone's edited or deleted.
    await control(name, 'PUT', { identity: false });
    await control('requests', 'DELETE');
    const blind = await run(gate(`${name}-2`), env);
    await control(name, 'PUT', { identity: true });
    expect(blind.code).toBe(1);
    expect(blind.stderr).toMatch(
      /: posted as a new comment \(.+\): without the token's user, the gate cannot tell its comments from others' holding its marker, so it edits and deletes none\./,
    );
    expect((await writes(name)).map((w) => w.method)).toEqual(['POST']);
    expect((await reviewers()).map((c) => c.body)).toEqual([copy]);
    expect(await gates()).toHaveLength(2);
  }, 60_000);

  it('an oversized comment is trimmed to the limit, the most severe kept, saying how many were left out', async () => {
    const pr = number + 20;
    const version = `${name}-big`;
    await run(
      [
        'sandbox',
        'scan',
        '--compound',
        'shop',
        '--branch',
        `${branch}-big`,
        '--version',
        version,
        '--new',
        'high=40',
        '--new',
        'critical=2',
      ],
      {},
    );
    await control(name, 'PUT', { max_chars: 3000 });
    const r = await run(
      gate(version, '--num-findings', '100', '--comment-max-chars', '3000'),
      ciEnv(name, pr, tokens[name].write, head(pr)),
    );
    expect(r.stderr).toMatch(/: posted\./);
    const [comment] = await gateComments(name, pr);
    expect(comment?.body.length).toBeLessThanOrEqual(3000);
    expect(comment?.body).toMatch(/\d+ more left out: the comment would pass its size limit\./);
    expect(comment?.body).toMatch(/\| critical \|/);
    await control(name, 'PUT', {
      max_chars: { github: 65_536, gitlab: 1_000_000, azure: 150_000, bitbucket: 32_768 }[name],
    });
  }, 30_000);
});

describe('scans check --comment: a fork on GitHub, then a workflow_run job', () => {
  it('the fork’s job writes nothing to GitHub; the workflow_run job posts the file while the pull request is at its commit', async () => {
    const pr = 150;
    const sha = head(pr);
    const fork = join(work, 'fork-event.json');
    writeFileSync(
      fork,
      JSON.stringify({
        pull_request: {
          number: pr,
          head: { sha, repo: { full_name: 'mallory/shop' } },
          base: { repo: { full_name: 'acme/shop' } },
        },
      }),
    );
    await control('requests', 'DELETE');
    const env = { ...ciEnv('github', pr, tokens.github.read, sha), GITHUB_EVENT_PATH: fork };
    const r = await run(
      ['scans', 'check', '--compound', 'shop', '--rules', 'rules.yml', '--version', 'github-1', '--comment'],
      env,
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      '::notice title=secscan::No comment on GitHub pull request #150: GitHub: a pull request from a fork runs with a read-only GITHUB_TOKEN',
    );
    expect(((await control('requests')).requests as unknown[]).length).toBe(0);
    const saved = JSON.parse(readFileSync(join(work, 'secscan-comment.json'), 'utf8'));
    expect(saved.pull_request).toEqual({
      provider: 'github',
      repository: 'acme/shop',
      number: pr,
      head_sha: sha,
    });
    const runEvent = join(work, 'run-event.json');
    writeFileSync(runEvent, JSON.stringify({ workflow_run: { head_sha: sha, pull_requests: [] } }));
    const job = {
      ...ciEnv('github', pr, tokens.github.write, sha),
      GITHUB_EVENT_NAME: 'workflow_run',
      GITHUB_EVENT_PATH: runEvent,
    };
    const moved = await run(['pr', 'comment', '--from', 'secscan-comment.json'], job);
    expect(moved.code).toBe(3);
    expect(moved.stderr).toContain(`is at commit ${'0'.repeat(40)}, not ${sha}`);
    await control('github', 'PUT', { pulls: [{ repository: 'acme/shop', number: pr, head_sha: sha }] });
    const posted = await run(['pr', 'comment', '--from', 'secscan-comment.json'], job);
    expect(posted.code, posted.stderr).toBe(0);
    expect(await gateComments('github', pr)).toHaveLength(1);
  }, 30_000);
});

describe('no baseline: the gate is not evaluated, and says so', () => {
  it('exit 10 with the sentence; --baseline none counts every finding', async () => {
    const r = await run(
      ['scans', 'check', '--compound', 'shop', '--rules', 'rules.yml', '--source-branch', 'release/9'],
      {},
    );
    expect(r.code).toBe(10);
    expect(r.stderr.split('\n')[0]).toBe(
      'error: no baseline: no scan of release/9 for shop; pass --baseline none to count every finding as new',
    );
    const none = await run(
      ['scans', 'check', '--compound', 'shop', '--rules', 'rules.yml', '--baseline', 'none'],
      {},
    );
    expect(none.code).toBe(1);
    expect(none.stdout).toMatch(
      /\nScan \d+: every finding counted as new \(--baseline none: no baseline\)\.\n/,
    );
  }, 30_000);
});
