import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkApiUrl } from '../../../src/providers/http.js';
import { detectProvider, loadProvider } from '../../../src/providers/index.js';

const dir = mkdtempSync(join(tmpdir(), 'secscan-providers-'));
const event = (name: string, value: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(value));
  return path;
};
const pull = (head: string, base = 'acme/shop') => ({
  pull_request: {
    number: 12,
    head: { sha: 'a'.repeat(40), repo: { full_name: head } },
    base: { repo: { full_name: base } },
  },
});

describe('the pull request, from the CI environment', () => {
  it('finds the CI service it runs in', async () => {
    expect((await detectProvider({ GITHUB_ACTIONS: 'true' }))?.name).toBe('github');
    expect((await detectProvider({ GITLAB_CI: 'true' }))?.name).toBe('gitlab');
    expect((await detectProvider({ TF_BUILD: 'True' }))?.name).toBe('azure');
    expect((await detectProvider({ BITBUCKET_BUILD_NUMBER: '7' }))?.name).toBe('bitbucket');
    expect(await detectProvider({ CI: 'true' })).toBeUndefined();
  });

  it('GitHub: the event’s pull request, its head commit and blob links; a fork’s token is read-only', async () => {
    const github = await loadProvider('github');
    const env = {
      GITHUB_REPOSITORY: 'acme/shop',
      GITHUB_EVENT_NAME: 'pull_request',
      GITHUB_EVENT_PATH: event('pr.json', pull('acme/shop')),
      GITHUB_TOKEN: 't',
      GITHUB_SERVER_URL: 'https://ghe.example.com',
      GITHUB_API_URL: 'https://ghe.example.com/api/v3',
    };
    const pr = await github.pullRequest(env);
    expect(pr).toMatchObject({
      apiUrl: 'https://ghe.example.com/api/v3',
      repository: 'acme/shop',
      number: 12,
      headSha: 'a'.repeat(40),
      token: 't',
      readOnly: undefined,
    });
    if ('missing' in pr) throw new Error('no pull request');
    expect(pr.blobUrl?.('src/a b#c.go', 3)).toBe(
      `https://ghe.example.com/acme/shop/blob/${'a'.repeat(40)}/src/a%20b%23c.go#L3`,
    );
    const fork = await github.pullRequest({
      ...env,
      GITHUB_EVENT_PATH: event('fork.json', pull('mallory/shop')),
    });
    expect(fork).toMatchObject({ readOnly: 'a pull request from a fork runs with a read-only GITHUB_TOKEN' });
    expect(await github.pullRequest({ ...env, GITHUB_EVENT_PATH: event('push.json', {}) })).toEqual({
      missing: 'not a pull request: the event has no pull_request (give --pull-request N)',
    });
    const run = await github.pullRequest(
      {
        ...env,
        GITHUB_EVENT_NAME: 'workflow_run',
        GITHUB_EVENT_PATH: event('run.json', {
          workflow_run: { head_sha: 'b'.repeat(40), pull_requests: [] },
        }),
      },
      13,
    );
    expect(run).toMatchObject({ number: 13, headSha: 'b'.repeat(40) });
  });

  it('GitLab: the merge request pipeline’s variables; without SECSCAN_GITLAB_TOKEN no write (CI_JOB_TOKEN cannot)', async () => {
    const gitlab = await loadProvider('gitlab');
    const env = {
      CI_API_V4_URL: 'https://gitlab.example.com/api/v4',
      CI_PROJECT_ID: '42',
      CI_MERGE_REQUEST_IID: '7',
      CI_COMMIT_SHA: 'c'.repeat(40),
      CI_PROJECT_URL: 'https://gitlab.example.com/acme/shop',
      CI_JOB_TOKEN: 'job',
    };
    const pr = await gitlab.pullRequest(env);
    expect(pr).toMatchObject({ repository: '42', number: 7, token: undefined });
    expect((pr as { readOnly: string }).readOnly).toMatch(
      /^SECSCAN_GITLAB_TOKEN is not set: CI_JOB_TOKEN cannot write merge request notes/,
    );
    expect(await gitlab.pullRequest({ ...env, CI_MERGE_REQUEST_IID: '' })).toEqual({
      missing: 'not a merge request pipeline: CI_MERGE_REQUEST_IID is not set (give --pull-request N)',
    });
    const withToken = await gitlab.pullRequest({ ...env, SECSCAN_GITLAB_TOKEN: 'glpat' });
    expect(withToken).toMatchObject({ token: 'glpat', readOnly: undefined });
    if ('missing' in withToken) throw new Error('no merge request');
    expect(withToken.blobUrl?.('a.go', 2)).toBe(
      `https://gitlab.example.com/acme/shop/-/blob/${'c'.repeat(40)}/a.go#L2`,
    );
  });

  it('Azure DevOps: the pull request build’s variables; the permission named when the token is missing', async () => {
    const azure = await loadProvider('azure');
    const env = {
      SYSTEM_COLLECTIONURI: 'https://dev.azure.com/acme/',
      SYSTEM_TEAMPROJECT: 'shop',
      BUILD_REPOSITORY_ID: 'r1',
      SYSTEM_PULLREQUEST_PULLREQUESTID: '9',
    };
    const pr = await azure.pullRequest(env);
    expect(pr).toMatchObject({ repository: 'shop/r1', number: 9 });
    expect((pr as { readOnly: string }).readOnly).toContain('Contribute to pull requests');
    expect(
      await azure.pullRequest({ ...env, SYSTEM_ACCESSTOKEN: 's', SYSTEM_PULLREQUEST_ISFORK: 'True' }),
    ).toMatchObject({
      readOnly: 'a pull request from a fork: the pipeline gets no token that can write to it',
    });
    expect(azure.permission).toContain('"Contribute to pull requests"');
  });

  it('Bitbucket Cloud: the pull request pipeline’s variables, its API or the one given', async () => {
    const bitbucket = await loadProvider('bitbucket');
    const pr = await bitbucket.pullRequest({
      BITBUCKET_WORKSPACE: 'acme',
      BITBUCKET_REPO_SLUG: 'shop',
      BITBUCKET_PR_ID: '5',
      SECSCAN_BITBUCKET_TOKEN: 'x',
    });
    expect(pr).toMatchObject({
      apiUrl: 'https://api.bitbucket.org/2.0',
      repository: 'acme/shop',
      number: 5,
      readOnly: undefined,
    });
  });

  it('an API address: https, or http on loopback only; no credentials, query or fragment', () => {
    expect(checkApiUrl('https://api.github.com/', 'x').href).toBe('https://api.github.com/');
    expect(checkApiUrl('http://127.0.0.1:8080/_providers/github', 'x').pathname).toBe('/_providers/github');
    expect(() => checkApiUrl('http://ghe.example.com/api/v3', '$GITHUB_API_URL')).toThrow(
      'invalid API address "http://ghe.example.com/api/v3" (from $GITHUB_API_URL): plain http is refused but on loopback: the token would travel in clear; use https',
    );
    expect(() => checkApiUrl('https://u:p@api.github.com', 'x')).toThrow(/no credentials, query or fragment/);
    expect(() => checkApiUrl('ftp://x', 'x')).toThrow(/use https/);
  });
});
