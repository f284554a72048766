import { describe, expect, it } from 'vitest';
import { API, authEnv, expectUsage, ORG, ok, TOKEN, useCli } from '../../helpers/cli.js';

const cli = useCli();
const apps = `${API}/orgs/${ORG}/apps`;
const json = { headers: { 'content-type': 'application/json' } };

describe('api -H, -X, -i, --slurp: usage errors (exit 2, no request)', () => {
  it.each([
    [
      ['api', 'ListApps', '-H', 'Authorization: Bearer other'],
      '-H Authorization is not allowed: the token comes from the settings (SECSCAN_TOKEN or the profile); -H cannot replace it (use --profile, or SECSCAN_TOKEN=... for another token)',
    ],
    [['api', 'ListApps', '-H', 'authorization:x'], expect.stringMatching(/^-H authorization is not allowed/)],
    [
      ['api', 'ListApps', '-H', 'Host: evil.example'],
      '-H Host is not allowed: the host is the configured service (--base-url)',
    ],
    [
      ['api', 'ListApps', '-H', 'Content-Length: 3'],
      '-H Content-Length is not allowed: the client sets the length of the body',
    ],
    [
      ['api', 'ListApps', '-H', 'no colon'],
      'invalid value for -H, --header: "no colon" (expected KEY:VALUE, e.g. "Accept: text/csv")',
    ],
    [
      ['api', 'ListApps', '-H', 'Bad Name: x'],
      'invalid value for -H, --header: "Bad Name: x" (expected KEY:VALUE, e.g. "Accept: text/csv")',
    ],
    [
      ['api', 'ListApps', '-X', 'POST'],
      'ListApps is GET /orgs/{orgID}/apps: -X POST cannot change its method',
    ],
    [['api', 'GET', '/user', '-X', 'DELETE'], '-X DELETE and GET name two methods: give one'],
    [
      ['api', '-X', 'FETCH', '/user'],
      'invalid value for -X, --method: "FETCH" (choose from GET, POST, PUT, PATCH, DELETE)',
    ],
    [['api', '/user', '/other'], 'one path only: "/other" follows the path /user'],
    [['api', 'ListApps', '--slurp'], '--slurp needs --paginate (it gathers the pages)'],
    [
      ['api', 'ListApps', '--paginate', '--slurp', '-i'],
      '-i, --include and --slurp cannot be used together (one array has no headers)',
    ],
    [['api', '-X', 'POST', '/x', '--paginate'], '--paginate works only with GET'],
    [['api', '--list', '-H', 'Accept: x'], '--list and --header cannot be used together'],
    [
      ['api', 'DownloadAuditLog', '-F', 'auditYear=2026', '-F', 'auditMonth=1', '--jq', '.'],
      'DownloadAuditLog answers application/csv: --jq filters only JSON',
    ],
    [
      ['api', 'ListApps', '--jq', '.response[', '--paginate'],
      expect.stringMatching(/^invalid value for --jq: syntax error/),
    ],
  ])('%j', async (argv, message) => {
    const result = await cli.run(argv, { env: authEnv() });
    if (typeof message === 'string') expectUsage(result, message, cli);
    else {
      expect(result.code).toBe(2);
      expect(result.stderr.split('\n')[0]?.replace(/^error: /, '')).toEqual(message);
      expect(cli.calls()).toEqual([]);
    }
  });
});

describe('api gh-style flags', () => {
  it('-H adds headers (an Accept replaces the operation’s); the token stays the settings’ one', async () => {
    cli.api.intercept({ path: apps, method: 'GET' }).reply(200, ok([]), json);
    const result = await cli.run(
      [
        'api',
        'ListApps',
        '-H',
        'Accept: application/vnd.test+json',
        '-H',
        'X-Trace:  abc  ',
        '-H',
        'x-trace: def',
      ],
      { env: authEnv() },
    );
    expect(result.code).toBe(0);
    const [call] = cli.calls();
    expect(call?.headers.accept).toBe('application/vnd.test+json');
    expect(call?.headers['x-trace']).toBe('def');
    expect(call?.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('a PATH alone is a GET, a POST with fields, and -X names the method', async () => {
    cli.api.intercept({ path: `${API}/user`, method: 'GET' }).reply(200, ok({ a: 1 }));
    cli.api.intercept({ path: `${API}/orgs/${ORG}/rbac/roles`, method: 'POST' }).reply(200, ok({ id: 'r' }));
    cli.api.intercept({ path: `${API}/orgs/${ORG}/rbac/roles/r`, method: 'DELETE' }).reply(200, ok(null));
    expect((await cli.run(['api', '/user'], { env: authEnv() })).code).toBe(0);
    expect(
      (await cli.run(['api', '/orgs/{orgID}/rbac/roles', '-F', 'name=x'], { env: authEnv() })).code,
    ).toBe(0);
    expect(
      (await cli.run(['api', '-X', 'delete', '/orgs/{orgID}/rbac/roles/r'], { env: authEnv() })).code,
    ).toBe(0);
    expect(cli.calls().map((c) => [c.method, c.body])).toEqual([
      ['GET', undefined],
      ['POST', { name: 'x' }],
      ['DELETE', undefined],
    ]);
  });

  it('-i prints the status line and the headers before the body, for an error status too', async () => {
    cli.api
      .intercept({ path: `${API}/user`, method: 'GET' })
      .reply(200, '{"ok":true}', { headers: { 'content-type': 'application/json', 'x-request-id': 'r1' } });
    const result = await cli.run(['api', 'GET', '/user', '-i'], { env: authEnv() });
    expect(result).toEqual({
      code: 0,
      stdout: 'HTTP/1.1 200 OK\nContent-Type: application/json\nX-Request-Id: r1\n\n{"ok":true}\n',
      stderr: '',
    });
    cli.api
      .intercept({ path: `${API}/user`, method: 'GET' })
      .reply(404, '{"ok":false,"code":"NOT_FOUND","message":"no"}', json);
    const missing = await cli.run(['api', '--include', '/user'], { env: authEnv() });
    expect(missing.code).toBe(5);
    expect(missing.stdout).toBe(
      'HTTP/1.1 404 Not Found\nContent-Type: application/json\n\n{"ok":false,"code":"NOT_FOUND","message":"no"}',
    );
  });

  it('--paginate --slurp prints one JSON array of every page; --jq runs over it', async () => {
    const next = `https://app.example.com/orgs/${ORG}/apps?page=2`;
    const pages = () => {
      cli.stub('ListApps').reply(200, ok([{ id: 'a' }], next));
      cli.stub('ListApps', { query: { page: 2 } }).reply(200, ok([{ id: 'b' }]));
    };
    pages();
    const slurped = await cli.run(['api', 'ListApps', '--paginate', '--slurp'], { env: authEnv() });
    expect(slurped.code).toBe(0);
    expect(JSON.parse(slurped.stdout)).toEqual([ok([{ id: 'a' }], next), ok([{ id: 'b' }])]);
    pages();
    const counted = await cli.run(
      ['api', 'ListApps', '--paginate', '--slurp', '--jq', '[.[].response[].id] | join(",")'],
      { env: authEnv() },
    );
    expect(counted).toEqual({ code: 0, stdout: 'a,b\n', stderr: '' });
  });

  it('--jq runs over each page; an error status prints its body unfiltered', async () => {
    const next = `https://app.example.com/orgs/${ORG}/apps?page=2`;
    cli.stub('ListApps').reply(200, ok([{ id: 'a' }, { id: 'b' }], next));
    cli.stub('ListApps', { query: { page: 2 } }).reply(200, ok([{ id: 'c' }]));
    const ids = await cli.run(['api', 'ListApps', '--paginate', '--jq', '.response[].id'], {
      env: authEnv(),
    });
    expect(ids).toEqual({ code: 0, stdout: 'a\nb\nc\n', stderr: '' });
    cli.stub('ListApps').reply(403, { ok: false, code: 'FORBIDDEN', message: 'missing scope' });
    const refused = await cli.run(['api', 'ListApps', '--jq', '.response[].id'], { env: authEnv() });
    expect(refused.code).toBe(4);
    expect(refused.stdout).toBe('{"ok":false,"code":"FORBIDDEN","message":"missing scope"}');
  });
});
