import { describe, expect, it } from 'vitest';
import { API, authEnv, expectUsage, ok, ORG, useCli } from '../helpers/cli.js';
import { finding } from './findings/fixtures.js';

/**
 * Issue 18, item 4: a 429 or 503 whose Retry-After asks for longer than --max-retry-wait (60 s unless given)
 * is not waited for: exit 7 at once, saying when the service asked to be retried. (A wait would outlast the
 * test: a case that slept would time out.)
 */
const cli = useCli();
const env = authEnv();
const busy = (status: number, retryAfter: string) =>
  [status, { ok: false, message: 'slow down' }, { headers: { 'retry-after': retryAfter } }] as const;
const retryAt = (seconds: number) =>
  new Date(Math.floor(Date.now() / 1000 + seconds) * 1000).toISOString().slice(0, 16);

describe('--max-retry-wait: usage errors (exit 2, no request)', () => {
  it.each([['1d'], ['25h'], ['-5'], ['soon'], [''], ['1.5m']])('%j', async (value) => {
    expectUsage(
      await cli.run(['--max-retry-wait', value, 'scopes', 'list'], { env }),
      `invalid value for --max-retry-wait: ${JSON.stringify(value)} (expected a duration from 0 to 24h, such as 0, 90s, 5m or 1h)`,
      cli,
    );
  });
});

describe('a Retry-After longer than --max-retry-wait', () => {
  it.each([
    [429, [] as string[]],
    [503, []],
    [429, ['--max-retry-wait', '2h']],
    [503, ['--max-retry-wait', '0']],
  ])('%d %j: 27 hours is exit 7 at once, saying when', async (status, flags) => {
    cli.stub('ListMyOrgScopes').reply(...busy(status, '97200'));
    const r = await cli.run([...flags, 'scopes', 'list'], { env });
    expect([r.code, r.stdout]).toEqual([7, '']);
    const [error, hint] = r.stderr.split('\n');
    const limit = flags[1] === '2h' ? '2 h' : flags[1] === '0' ? '0 s' : '60 s';
    expect(error).toMatch(
      new RegExp(
        `^error: ListMyOrgScopes: HTTP ${status}: the service asks to be retried at ${retryAt(97200)}:\\d\\dZ \\(in 27 h\\), later than --max-retry-wait \\(${limit}\\) allows; not waiting$`,
      ),
    );
    expect(hint).toMatch(/^hint: run it again after \S+Z, or raise --max-retry-wait$/);
    expect(cli.calls()).toHaveLength(1);
  });

  it('an HTTP date a day away is refused the same way', async () => {
    const date = new Date(Date.now() + 86_400_000).toUTCString();
    cli.stub('ListMyOrgScopes').reply(...busy(503, date));
    const r = await cli.run(['scopes', 'list'], { env });
    expect(r.code).toBe(7);
    expect(r.stderr).toMatch(/the service asks to be retried at \S+ \(in 24 h\)/);
  });

  it('--max-retry-wait 0 refuses any wait; within the cap, the request is tried again', async () => {
    cli.stub('ListMyOrgScopes').reply(...busy(429, '1'));
    expect((await cli.run(['--max-retry-wait', '0', 'scopes', 'list'], { env })).code).toBe(7);
    cli.stub('ListMyOrgScopes').reply(...busy(429, '0'));
    cli.stub('ListMyOrgScopes').reply(200, ok(['apps:list']));
    const r = await cli.run(['--max-retry-wait', '0', 'scopes', 'list'], { env });
    expect([r.code, r.stdout]).toEqual([0, 'apps:list\tapps\tlist\n']);
  });

  it('a PUT (retried) says its outcome is unknown when an earlier attempt lost its answer', async () => {
    const role = { rbacRoleID: '51111111-2222-4333-8444-555555555555' };
    cli.stub('DeleteCustomRBACRole', { path: role }).reply(...busy(502, '0'));
    cli.stub('DeleteCustomRBACRole', { path: role }).reply(...busy(503, '7200'));
    const r = await cli.run(['--max-retry-wait', '1m', 'roles', 'delete', role.rbacRoleID, '--yes'], { env });
    expect(r.code).toBe(7);
    expect(r.stderr).toMatch(
      /\(in 2 h\), later than --max-retry-wait \(60 s\) allows; not waiting; the outcome of the change is unknown/,
    );
  });

  it('a POST (never retried) says when the service asked to be retried', async () => {
    cli.stub('CreateToken').reply(...busy(429, '97200'));
    const r = await cli.run(['tokens', 'create', '--label', 'ci', '--role', 'r'], { env });
    expect(r.code).toBe(7);
    expect(r.stderr.split('\n')[0]).toMatch(
      /^error: CreateToken: slow down \(HTTP 429\); the service asks to be retried at \S+Z; the outcome of the change is unknown$/,
    );
    expect(cli.calls()).toHaveLength(1);
  });

  it('the last attempt says when, and so does its hint', async () => {
    cli.stub('ListMyOrgScopes').reply(...busy(503, '30'));
    const r = await cli.run(['--retries', '0', 'scopes', 'list'], { env });
    expect(r.code).toBe(7);
    expect(r.stderr).toMatch(
      /^error: ListMyOrgScopes: slow down \(HTTP 503\); the service asks to be retried at (\S+Z)\nhint: the service is busy: safe to retry after \1\n$/,
    );
  });

  it('a download (reports pci --out) is refused at once too', async () => {
    cli
      .stub('ReadScanPCIDSSReport', { path: { appID: 'payments-api', scanID: '17' } })
      .reply(...busy(503, '97200'));
    const out = `${cli.configDir}/pci.html`;
    const r = await cli.run(['reports', 'pci', '--app', 'payments-api', '17', '--out', out], { env });
    expect(r.code).toBe(7);
    expect(r.stderr).toMatch(
      /^error: ReadScanPCIDSSReport: HTTP 503: the service asks to be retried at \S+ \(in 27 h\)/,
    );
    expect(cli.calls()).toHaveLength(1);
  });
});

/**
 * Issue 41, section 2: a fan-out (stats, here) or a long listing answered with a wait past --max-retry-wait
 * is exit 7 at once, its other requests stopped: those the service holds are aborted, never waited for (a
 * test that waited would time out; the e2e test runs the built binary against a sandbox that holds them
 * forever and waits on its exit).
 */
describe('a fan-out refused a wait: exit 7 at once, the other requests stopped', () => {
  const apps = [
    { id: 'payments-api', name: 'Payments API', base_branch: 'main' },
    { id: 'web-frontend', name: 'Web Frontend', base_branch: 'develop' },
    { id: 'docs-site', name: 'Docs Site', base_branch: 'main' },
  ];
  const findingsOf = (app: string) => (path: string) => path.includes(`/apps/${app}/findings?`);

  it.each([
    [
      'a Retry-After of a day',
      [] as string[],
      '86400',
      /retried at \S+Z \(in 24 h\), later than --max-retry-wait \(60 s\)/,
    ],
    [
      'an HTTP date in 2099',
      [],
      'Thu, 01 Jan 2099 00:00:00 GMT',
      /retried at 2099-01-01T00:00:00Z \(in \d+ y\)/,
    ],
    [
      '59 s under --max-retry-wait 5s',
      ['--max-retry-wait', '5s'],
      '59',
      /\(in 59 s\), later than --max-retry-wait \(5 s\)/,
    ],
    ['Retry-After: 99999999999999999999', [], '99999999999999999999', /retried at 9999-12-31T23:59:59Z/],
  ])('stats --concurrency 8, %s', async (_what, flags, retryAfter, message) => {
    cli.stub('ListApps').reply(200, ok(apps));
    cli.stub('ListTeams', { query: { no_members: true } }).reply(200, ok([]));
    cli.api.intercept({ path: findingsOf('payments-api'), method: 'GET' }).reply(...busy(429, retryAfter));
    // The service holds the other apps' answers for ten minutes.
    for (const app of ['web-frontend', 'docs-site']) {
      cli.api
        .intercept({ path: findingsOf(app), method: 'GET' })
        .reply(200, ok({ has_more: false, counts: [] }))
        .delay(600_000);
    }
    const r = await cli.run([...flags, 'stats', '--concurrency', '8'], { env });
    expect([r.code, r.stdout]).toEqual([7, '']);
    expect(r.stderr.split('\n')[0]).toMatch(
      /^error: ListAppFindings: HTTP 429: the service asks to be retried at /,
    );
    expect(r.stderr.split('\n')[0]).toMatch(message);
    expect(r.stderr).not.toContain('Invalid time value');
  });
});

describe('a rate-limit window past --max-retry-wait: exit 7 at once, saying when it opens', () => {
  const list = `${API}/orgs/${ORG}/findings`;
  const first = (p: string) => p.startsWith(`${list}?`) && !p.includes('cursor=');
  const second = (p: string) => p.startsWith(`${list}?`) && p.includes('cursor=c1');
  const page = (ids: string[], cursor?: string) =>
    ok(
      { has_more: cursor !== undefined, findings: ids.map((id) => finding(id)) },
      cursor === undefined ? undefined : `${list}?per_page=250&cursor=${cursor}`,
    );
  const dayAway = () => String(Math.floor(Date.now() / 1000) + 100_000);
  const window =
    /the service's rate limit has no request left until its window opens at \S+Z \(in 28 h\), later than --max-retry-wait \(60 s\) allows; not waiting$/;

  it.each([
    [
      'X-RateLimit-Remaining: 0, a reset a day away',
      () => ({ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': dayAway() }),
      window,
    ],
    [
      'RateLimit: remaining=0, reset=100000',
      () => ({ ratelimit: 'limit=100, remaining=0, reset=100000' }),
      window,
    ],
    [
      'RateLimit-Policy: 1;w=100000',
      () => ({ 'ratelimit-policy': '1;w=100000' }),
      /the service's rate limit \(1 request per 100000 s\) allows the next request at \S+Z \(in 28 h\)/,
    ],
  ])('findings list --org --all, the first page saying %s', async (_what, headers, message) => {
    cli.api
      .intercept({ path: first, method: 'GET' })
      .reply(200, page(['1', '2'], 'c1'), { headers: headers() });
    const r = await cli.run(['findings', 'list', '--org', '--all', '-o', 'ndjson'], { env });
    expect(r.code).toBe(7);
    // The rows read are kept; the next page is not asked for.
    expect(
      r.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).id),
    ).toEqual(['1', '2']);
    expect(r.stderr.split('\n')[0]).toMatch(/^error: ListOrgFindings: /);
    expect(r.stderr.split('\n')[0]).toMatch(message);
    expect(cli.calls()).toHaveLength(1);
  });

  it('a 429 without Retry-After on a later page, its window a day away', async () => {
    cli.api.intercept({ path: first, method: 'GET' }).reply(200, page(['1', '2'], 'c1'));
    cli.api
      .intercept({ path: second, method: 'GET' })
      .reply(
        429,
        { ok: false, message: 'slow down' },
        { headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': dayAway() } },
      );
    const r = await cli.run(['findings', 'list', '--org', '--all', '-o', 'ndjson'], { env });
    expect(r.code).toBe(7);
    expect(r.stderr.split('\n')[0]).toMatch(
      /^error: ListOrgFindings: HTTP 429: the service's rate limit has no request left until its window opens at \S+Z \(in 28 h\)/,
    );
    expect(cli.calls()).toHaveLength(2);
  });
});
