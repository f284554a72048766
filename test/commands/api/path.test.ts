import { describe, expect, it } from 'vitest';
import { API, authEnv, expectUsage, ORG, ORIGIN, ok, TOKEN, useCli } from '../../helpers/cli.js';

const cli = useCli();
const apps = `${API}/orgs/${ORG}/apps`;

describe('api: parse errors (exit 2, no request)', () => {
  it.each([
    [['api', 'FETCH', '/user'], 'invalid method "FETCH" (choose from GET, POST, PUT, PATCH, DELETE)'],
    [['api', 'GET', 'user'], 'invalid path "user": start it with / (e.g. /orgs/{orgID}/apps)'],
    [['api', 'POST', '/x', '--paginate'], '--paginate works only with GET'],
    [
      ['api', 'POST', '/x', '-F', 'a=1', '--input', 'body.json'],
      '--input and -F, --field cannot be used together',
    ],
    [['api', 'GET', '/x', '-F', 'novalue'], 'invalid value for -F, --field: "novalue" (expected key=value)'],
    [
      ['api', 'GET', 'https://evil.example.com/api/v4/user'],
      'refusing to send the token to https://evil.example.com: the configured service is http://127.0.0.1:9',
    ],
    [['api', 'GET'], "missing required argument 'path'"],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('api', () => {
  it('fills {orgID}, sends -F fields as a repeated query for GET and prints the body as received when piped', async () => {
    const body = JSON.stringify(ok([{ id: 'a' }]));
    cli.api
      .intercept({ path: `${apps}?type=vuln&type=oss_vuln&per_page=10`, method: 'GET' })
      .reply(200, body);
    const result = await cli.run(
      ['api', 'get', '/orgs/{orgID}/apps', '-F', 'type=vuln', '-F', 'type=oss_vuln', '-F', 'per_page=10'],
      {
        env: authEnv(),
      },
    );
    expect(result).toEqual({ code: 0, stdout: `${body}\n`, stderr: '' });
  });

  it('pretty-prints JSON on a terminal', async () => {
    cli.api.intercept({ path: `${API}/user`, method: 'GET' }).reply(200, '{"ok":true,"response":{"a":1}}');
    const result = await cli.run(['api', 'GET', '/user'], { env: authEnv(), stdoutTTY: true });
    expect(result.stdout).toBe('{\n  "ok": true,\n  "response": {\n    "a": 1\n  }\n}\n');
  });

  it('sends typed -F fields as a JSON body for POST', async () => {
    cli.api.intercept({ path: `${API}/orgs/${ORG}/rbac/roles`, method: 'POST' }).reply(200, ok({ id: 'r' }));
    await cli.run(
      [
        'api',
        'POST',
        '/orgs/{orgID}/rbac/roles',
        '-F',
        'name=x',
        '-F',
        'n=3',
        '-F',
        'f=false',
        '-F',
        'z=null',
      ],
      {
        env: authEnv(),
      },
    );
    const [call] = cli.calls();
    expect(call?.body).toEqual({ name: 'x', n: 3, f: false, z: null });
    expect(call?.headers['content-type']).toBe('application/json');
  });

  it('reads the raw body from stdin with --input -', async () => {
    cli.api.intercept({ path: `${API}/things`, method: 'PUT', body: '{"raw":true}' }).reply(200, '{}');
    const result = await cli.run(['api', 'PUT', '/things', '--input', '-'], {
      env: authEnv(),
      stdin: '{"raw":true}',
    });
    expect(result.code).toBe(0);
  });

  it('accepts a full URL on the configured origin and a path already under /api/v4', async () => {
    cli.api
      .intercept({ path: `${API}/user?x=1`, method: 'GET' })
      .reply(200, '{}')
      .times(2);
    expect((await cli.run(['api', 'GET', `${ORIGIN}/api/v4/user?x=1`], { env: authEnv() })).code).toBe(0);
    expect((await cli.run(['api', 'GET', '/api/v4/user?x=1'], { env: authEnv() })).code).toBe(0);
  });

  it('follows next_page with --paginate, to the configured origin only', async () => {
    cli.api
      .intercept({ path: apps, method: 'GET' })
      .reply(200, ok([1], `https://elsewhere.example.com/orgs/${ORG}/apps?page=2`));
    cli.api.intercept({ path: `${apps}?page=2`, method: 'GET' }).reply(200, ok([2]));
    const result = await cli.run(['api', 'GET', '/orgs/{orgID}/apps', '--paginate'], { env: authEnv() });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      `${JSON.stringify(ok([1], `https://elsewhere.example.com/orgs/${ORG}/apps?page=2`))}${JSON.stringify(ok([2]))}\n`,
    );
    expect(cli.calls().map((c) => c.headers.authorization)).toEqual([`Bearer ${TOKEN}`, `Bearer ${TOKEN}`]);
  });

  it('prints an error body as received and exits by its status', async () => {
    const body = '{"ok":false,"code":"NOT_FOUND","message":"no app"}';
    cli.api.intercept({ path: `${API}/orgs/${ORG}/apps/missing`, method: 'GET' }).reply(404, body);
    const result = await cli.run(['api', 'GET', '/orgs/{orgID}/apps/missing'], { env: authEnv() });
    expect(result.code).toBe(5);
    expect(result.stdout).toBe(body);
    expect(result.stderr).toMatch(
      new RegExp(`^\\nerror: GET ${API}/orgs/${ORG}/apps/missing: no app \\(HTTP 404 NOT_FOUND\\)\\n`),
    );
    // A body that ends its line gets no empty line before the error.
    cli.api.intercept({ path: `${API}/orgs/${ORG}/apps/missing`, method: 'GET' }).reply(404, `${body}\n`);
    const ended = await cli.run(['api', 'GET', '/orgs/{orgID}/apps/missing'], { env: authEnv() });
    expect(ended.stderr.startsWith('error: GET ')).toBe(true);
  });

  it('retries a GET on 503 and prints only the final answer', async () => {
    cli.api
      .intercept({ path: `${API}/user`, method: 'GET' })
      .reply(503, 'busy', { headers: { 'retry-after': '0' } });
    cli.api.intercept({ path: `${API}/user`, method: 'GET' }).reply(200, '{"ok":true}');
    const result = await cli.run(['api', 'GET', '/user'], { env: authEnv() });
    expect(result).toEqual({ code: 0, stdout: '{"ok":true}\n', stderr: '' });
  });

  it('does not retry a PATCH', async () => {
    cli.api.intercept({ path: `${API}/x`, method: 'PATCH' }).reply(502, 'bad gateway');
    const result = await cli.run(['api', 'PATCH', '/x', '-F', 'a=b'], { env: authEnv() });
    expect(result.code).toBe(7);
    expect(cli.calls()).toHaveLength(1);
  });

  it('uses the media types of the operation the path belongs to', async () => {
    const csv = 'time,user,action\n2025-06-01T00:00:00Z,dev@example.com,login\n';
    cli.stub('DownloadAuditLog', { path: { auditYear: 2025, auditMonth: 6 } }).reply(200, csv);
    const result = await cli.run(['api', 'GET', '/orgs/{orgID}/audit/csv/2025/6'], { env: authEnv() });
    expect(result).toEqual({ code: 0, stdout: csv, stderr: '' });
    expect(cli.calls()[0]?.headers.accept).toBe('application/csv');
  });

  it('sends --input to a YAML operation as YAML', async () => {
    cli
      .stub('UpsertCheckAnalysisConfiguration', { path: { reference: 'strict' } })
      .reply(200, ok({ contentHash: 'abc', tags: [] }));
    const result = await cli.run(
      ['api', 'PUT', '/orgs/{orgID}/checkanalysis/policies/strict', '--input', '-'],
      {
        env: authEnv(),
        stdin: 'rules: []\n',
      },
    );
    expect(result.code).toBe(0);
    expect(cli.calls()[0]?.headers['content-type']).toBe('application/yaml');
  });

  it('reports an unreadable --input file as a usage error before any request', async () => {
    expectUsage(
      await cli.run(['api', 'PUT', '/things', '--input', '/nonexistent/body.json'], { env: authEnv() }),
      '--input: cannot read /nonexistent/body.json: no such file',
      cli,
    );
  });

  it('stops with exit 8 when next_page repeats the page just read, after printing it', async () => {
    const body = JSON.stringify(ok([1], `${ORIGIN}/api/v4/orgs/${ORG}/apps`));
    cli.api.intercept({ path: apps, method: 'GET' }).reply(200, body);
    const result = await cli.run(['api', 'GET', '/orgs/{orgID}/apps', '--paginate'], { env: authEnv() });
    expect(result.code).toBe(8);
    expect(result.stdout).toBe(body);
    expect(result.stderr.split('\n').slice(0, 2)).toEqual([
      '',
      `error: GET ${apps}: next_page repeats the page just read (${apps})`,
    ]);
  });
});
