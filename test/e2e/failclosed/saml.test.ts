import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ok } from '../hostile.js';
import { secscanInTerminal } from '../sandbox.js';
import {
  answer,
  env,
  errorLines,
  hostile,
  poisonedService,
  type Route,
  secscan,
  server,
  service,
  team,
  teamBody,
  unexpected,
  unsafe,
  useHostileService,
  user,
  work,
  writes,
  expectInert,
  expectRefusalClean,
} from './harness.js';

/** The fail-closed rules (harness.ts) for `secscan saml`. */
useHostileService();

describe('an answer of the wrong shape is exit 8 naming the operation, never an empty result', () => {
  const cases: [string[], Route, RegExp][] = [
    [
      ['saml', 'list'],
      ['ListOrgSAMLConfigs', answer({ body: ok({}) })],
      /^error: ListOrgSAMLConfigs: unexpected response/,
    ],
  ];

  it.each(cases)('%j', async (argv, route, message) => {
    server.answer = service(route);
    const r = await secscan(argv);
    expect([r.exitCode, r.stdout]).toEqual([8, '']);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('saml provision: users the answer neither provisions nor rejects are rows of their own and exit 8', async () => {
    server.answer = service(['ListOrgRBACUsers', answer({ body: ok([]) })]);
    const r = await secscan(['saml', 'provision', 'two.csv']);
    expect(r.exitCode).toBe(8);
    expect(r.stdout.split('\n').filter(Boolean)).toEqual([
      'created\tuser\tb@example.com\t31111111-2222-4333-8444-555555555555\tMEMBER',
      'unknown\tuser\tc@example.com\t\tthe answer neither provisions nor rejects it',
    ]);
    expect(r.stderr).toContain('1 created, 0 updated, 0 rejected, 1 unaccounted for.');
    expect(r.stderr).toMatch(
      /^error: ProvisionSAMLUsers: the answer accounts for 1 of the 2 users sent: c@example\.com neither provisioned nor rejected$/m,
    );
    server.answer = service(['ProvisionSAMLUsers', answer(unexpected)]);
    const none = await secscan(['saml', 'provision', 'users.csv']);
    expect(none.exitCode).toBe(8);
    expect(none.stderr).not.toContain('0 created, 0 updated, 0 rejected.');
  });

  it('saml reset-token: users the answer leaves out are never counted as reset', async () => {
    const other = '71111111-2222-4333-8444-555555555555';
    server.answer = service(['BulkResetSAMLUserAccessTokens', answer(unexpected)]);
    const r = await secscan(['saml', 'reset-token', user, other, '--yes']);
    expect(r.exitCode).toBe(8);
    expect(r.stdout.split('\n').filter(Boolean)).toHaveLength(2);
    expect(r.stdout).toMatch(/^unknown\tuser\t/m);
    expect(r.stderr).toMatch(
      /^error: BulkResetSAMLUserAccessTokens: the answer accounts for 0 of the 2 users sent/m,
    );
  });
});

describe('text from the service never reaches a terminal raw; JSON and YAML keep it escaped', () => {
  it.each([[['saml', 'list']]])('%j', async (argv) => {
    await expectInert(argv);
  });

  it.each([
    [['saml', 'create', 'okta2', '--idp-metadata-url', 'https://idp.example.com/m']],
    [['saml', 'provision', 'users.csv']],
  ])('the error of a refused %j is one clean line', async (argv) => {
    await expectRefusalClean(argv);
  });

  it('the notices, rows and plan of a write quote the service made safe (teams apply, saml provision, org config set)', async () => {
    server.answer = poisonedService;
    const provision = await secscan(['saml', 'provision', 'users.csv']);
    expect(provision.stdout + provision.stderr).not.toMatch(unsafe);
    const set = await secscan(['org', 'config', 'set', 'org.yml', '--yes']);
    expect(set.exitCode).toBe(0);
    expect(set.stderr).toContain('leaves out sso_name');
    expect(set.stderr).not.toMatch(unsafe);
    // The teams to delete come from the service: the plan names them, on a terminal too.
    const old = '71111111-2222-4333-8444-555555555555';
    const oldTeam = { ...teamBody, team_id: old, team_name: `old${hostile}`, applications: [] };
    server.answer = service(
      ['ListTeams', answer({ body: ok([{ team_id: team, team_name: 'web' }, oldTeam]) })],
      ['ReadTeam', answer({ body: ok(oldTeam) }), (req) => req.params.rbacTeamID === old],
    );
    const plan = await secscanInTerminal(
      ['teams', 'apply', join(work, 'access.yml'), '--prune', '--dry-run', '--no-color'],
      env,
    );
    expect(String(plan.stdout)).toMatch(/- delete team old/);
    expect(String(plan.stdout)).not.toMatch(/[\u0007\u009b\u202e\u200b]|\u001b\]52|\u001b\[2J/);
    const rows = await secscan(['teams', 'apply', 'access.yml', '--prune', '--dry-run']);
    expect(rows.stdout + rows.stderr).not.toMatch(unsafe);
  });
});

describe('bad input is one line naming the flag or value, exit 2 (3 for a file), and no request', () => {
  it.each([
    [
      ['saml', 'create', 'bad name!', '--idp-metadata-url', 'https://idp.example.com/m'],
      2,
      'invalid SAML configuration name "bad name!"',
    ],
    [
      ['saml', 'create', 'okta2', '--idp-metadata-url', 'ftp://idp.example.com/m'],
      2,
      'invalid value for --idp-metadata-url',
    ],
    [
      ['saml', 'provision', 'bad-email.csv'],
      3,
      'bad-email.csv:2: email: "not-an-email" is not an e-mail address',
    ],
  ] as const)('%j is exit %i', async (argv, code, message) => {
    const r = await secscan([...argv]);
    expect(r.exitCode).toBe(code);
    expect(r.stderr.split('\n')[0]).toContain(`error: ${message}`);
    expect(r.stderr.split('\n').filter((l) => l && !/^(error|hint): /.test(l))).toEqual([]);
    expect(server.requests).toEqual([]);
  });
});

describe('a write whose answer is lost says its outcome is unknown and how to check (exit 7)', () => {
  const lost: [string[], string][] = [
    [['saml', 'update', 'okta', '--default-org-role', 'MEMBER'], 'check with `secscan saml show okta`'],
    [['saml', 'delete', 'okta', '--yes'], 'check with `secscan saml list`'],
    [['saml', 'provision', 'users.csv'], 'check with `secscan users list --email ADDRESS`'],
  ];

  it.each(lost)('%j', async (argv, hint) => {
    server.answer = (req) => (req.method === 'GET' ? service()(req) : { drop: true });
    const r = await secscan([...argv, '--retries', '1']);
    expect(r.exitCode).toBe(7);
    const [error, hintLine] = errorLines(r.stderr);
    expect(error).toMatch(/failed before an answer .*: the change may or may not have been applied$/);
    expect(hintLine).toContain(hint);
    expect(r.stderr).not.toContain('safe to retry');
    expect(writes(server).length).toBeGreaterThan(0);
  });

  it('a write that never left (connection refused) says so: safe to retry', async () => {
    const r = await secscan(['saml', 'create', 'okta2', '--idp-metadata-url', 'https://idp.example.com/m'], {
      SECSCAN_BASE_URL: 'http://127.0.0.1:1',
    });
    expect(r.exitCode).toBe(7);
    expect(r.stderr).toMatch(
      /^error: CreateOrgSAMLConfig: cannot reach http:\/\/127\.0\.0\.1:1: ECONNREFUSED$/m,
    );
    expect(r.stderr).toContain('safe to retry');
  });
});
