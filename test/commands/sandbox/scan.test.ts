import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, json, ok, useCli } from '../../helpers/cli.js';

const cli = useCli();

const recorded = {
  status: 'completed',
  branch: 'main',
  scans: [
    {
      id: '1040',
      app: 'payments-api',
      branch: 'main',
      version: 'abc1234',
      successful: true,
      status: 'completed',
    },
  ],
  new: ['80', '81'],
  fixed: ['12'],
  regressed: [],
  webhooks: [{ delivery_id: 'd-1', url: 'https://hooks.example.com/sl' }],
};

function intercept() {
  return cli.api.intercept({ path: '/_sandbox/scans', method: 'POST' });
}

describe('sandbox scan: usage errors (exit 2, no request)', () => {
  it.each([
    [['sandbox', 'scan'], 'give --app ID or --compound NAME (the app or compound scanned)'],
    [['sandbox', 'scan', '--app', 'a', '--compound', 'c'], '--app and --compound cannot be used together'],
    [
      ['sandbox', 'scan', '--app', 'a', '--new', 'severe=1'],
      'invalid value for --new: "severe=1" (expected SEVERITY[:TYPE]=N, e.g. critical=1 or high:oss_vuln=2)',
    ],
    [
      ['sandbox', 'scan', '--app', 'a', '--new', 'high:vulns=1'],
      'invalid value for --new: "high:vulns=1" (expected SEVERITY[:TYPE]=N, e.g. critical=1 or high:oss_vuln=2)',
    ],
    [
      ['sandbox', 'scan', '--app', 'a', '--new', 'critical=0'],
      'invalid value for --new: "critical=0" (N from 1 to 1000)',
    ],
    [
      ['sandbox', 'scan', '--app', 'a', '--fix', '-1'],
      'invalid value for --fix: "-1" (expected a whole number from 0 to 1000)',
    ],
    [
      ['sandbox', 'scan', '--app', 'a', '--reappear', 'x'],
      'invalid value for --reappear: "x" (expected a whole number from 0 to 1000)',
    ],
    [
      ['sandbox', 'scan', '--app', 'a', '--port', '1'],
      '--port is an option of `secscan sandbox`, not of `secscan sandbox scan`',
    ],
    [['sandbox', 'scan', '--app', ''], '--app must not be empty'],
    [
      ['sandbox', 'scan', '--app', 'a', '--version', 'a b'],
      'invalid value for --version: "a b" (printable characters without spaces, 1 to 128)',
    ],
    [
      ['sandbox', 'scan', '--app', 'a', '--running', 'soon'],
      'invalid value for --running: "soon" (expected a duration such as 3600, 90m, 12h, 30d)',
    ],
    [['sandbox', 'scan', '--app', 'a', '--running', '2d'], 'invalid value for --running: at most a day (1d)'],
    [
      ['sandbox', 'scan', '--app', 'a', '--fail', '--new', 'critical=1'],
      '--fail and --new cannot be used together',
    ],
    [['sandbox', 'scan', '--app', 'a', '--fix', '1', '--fail'], '--fail and --fix cannot be used together'],
    [
      ['sandbox', 'scan', '--app', 'a', '--tag', 'pipeline'],
      'invalid value for --tag: "pipeline" (expected KEY=VALUE, e.g. pipeline=1234)',
    ],
    [
      ['sandbox', 'scan', '--app', 'a', '--tag', 'commit=1'],
      '--tag commit=...: the commit tag comes from --version',
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('sandbox scan', () => {
  it('posts to the sandbox’s control route and prints what was recorded', async () => {
    intercept().reply(200, ok(recorded), json);
    const r = await cli.run(
      [
        'sandbox',
        'scan',
        '--app',
        'payments-api',
        '--branch',
        'main',
        '--new',
        'critical=1',
        '--new',
        'high:secret=1',
        '--fix',
        '1',
        '--reappear',
        '0',
      ],
      { env: authEnv() },
    );
    expect(r.code).toBe(0);
    expect(cli.calls()[0]).toMatchObject({
      method: 'POST',
      path: '/_sandbox/scans',
      body: {
        app: 'payments-api',
        branch: 'main',
        new: [
          { severity: 'critical', count: 1 },
          { severity: 'high', type: 'secret', count: 1 },
        ],
        fix: 1,
        reappear: 0,
      },
    });
    expect(cli.calls()[0]?.headers.authorization).toMatch(/^Bearer /);
    const lines = r.stdout.split('\n');
    expect(lines).toContain('scans\tpayments-api 1040');
    expect(lines).toContain('new\t2 (80, 81)');
    expect(lines).toContain('fixed\t1 (12)');
    expect(lines).toContain('webhooks\thttps://hooks.example.com/sl');
    const asJson = await (async () => {
      intercept().reply(200, ok(recorded), json);
      return cli.run(['sandbox', 'scan', '--compound', 'shop', '-o', 'json'], { env: authEnv() });
    })();
    expect(JSON.parse(asJson.stdout)).toEqual(recorded);
    expect(cli.calls()[1]?.body).toEqual({ compound: 'shop' });
  });

  it('sends --version, --tag, --running and --fail, and says when a running scan ends', async () => {
    const running = {
      ...recorded,
      status: 'running',
      ends_at: '2026-11-26T10:00:20.000Z',
      scans: [{ ...recorded.scans[0], version: '4f2a9c1', successful: false, status: 'running' }],
      new: [],
      fixed: [],
      webhooks: [],
    };
    intercept().reply(200, ok(running), json);
    const r = await cli.run(
      [
        'sandbox',
        'scan',
        '--compound',
        'shop',
        '--version',
        '4f2a9c1',
        '--tag',
        'pipeline=88',
        '--running',
        '20s',
        '--new',
        'critical=1',
      ],
      { env: authEnv() },
    );
    expect(r.code).toBe(0);
    expect(cli.calls()[0]?.body).toEqual({
      compound: 'shop',
      new: [{ severity: 'critical', count: 1 }],
      version: '4f2a9c1',
      tags: ['pipeline=88'],
      running_ms: 20_000,
    });
    const lines = r.stdout.split('\n');
    expect(lines).toContain('version\t4f2a9c1');
    expect(lines).toContain('status\trunning until 2026-11-26T10:00:20.000Z');
    expect(lines).toContain('webhooks\t(when it ends)');
    intercept().reply(200, ok({ ...recorded, status: 'failed' }), json);
    const failed = await cli.run(['sandbox', 'scan', '--app', 'a', '--fail'], { env: authEnv() });
    expect(failed.code).toBe(0);
    expect(cli.calls()[1]?.body).toEqual({ app: 'a', fail: true });
    expect(failed.stdout.split('\n')).toContain('status\tfailed');
  });

  it.each([
    [
      200,
      ok({ scans: [] }),
      8,
      'error: sandbox scan: the answer is not a recorded scan (is SECSCAN_BASE_URL a sandbox?)',
    ],
    [200, 'not json', 8, 'error: sandbox scan: the answer is not JSON (is SECSCAN_BASE_URL a sandbox?)'],
    [404, { ok: false, code: 'NOT_FOUND', message: 'no app has the id nope' }, 5, 'no app has the id nope'],
    [403, { ok: false, code: 'FORBIDDEN', message: 'a Super Admin user’s token' }, 4, 'Super Admin'],
    [
      400,
      { ok: false, code: 'VALIDATION_ERROR', message: 'fix: only 1 finding(s) can be fixed' },
      6,
      'only 1',
    ],
  ])('answer %i %j: exit %i', async (status, body, code, message) => {
    intercept().reply(status, body as object, json);
    const r = await cli.run(['sandbox', 'scan', '--app', 'nope', '--fix', '2'], { env: authEnv() });
    expect(r.code).toBe(code);
    expect(r.stderr).toContain(message);
    expect(r.stdout).toBe('');
  });
});
