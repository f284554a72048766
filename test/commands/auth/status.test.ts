import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectUsage, ORG, ORIGIN, ok, operationPath, TOKEN, useCli } from '../../helpers/cli.js';

const cli = useCli();
const user = { name: 'Ada', email: 'ada@example.com', idv2: 'u-1' };
const env = { SECSCAN_BASE_URL: ORIGIN, SECSCAN_TOKEN: TOKEN };

function stubVerify() {
  cli.stub('ReadUser').reply(200, ok(user));
  cli.stub('ListMyOrgScopes').reply(200, ok(['tokens:list']));
}

describe('auth status: usage errors (exit 2, no request)', () => {
  it.each([
    [['auth', 'status', '--bogus'], "unknown option '--bogus'"],
    [['auth', 'status', 'staging'], "too many arguments for 'status'. Expected 0 arguments but got 1."],
    [
      ['auth', 'status', '--fields', 'secret'],
      'unknown field "secret" for --fields (choose from profile, base_url, org_id, user, token, token_source, scopes)',
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env }), message, cli);
  });
});

describe('auth status', () => {
  it('shows the settings and scopes, the token masked, never in full', async () => {
    stubVerify();
    const result = await cli.run(['auth', 'status'], { env });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`base_url\t${ORIGIN}\n`);
    expect(result.stdout).toContain(`org_id\t${ORG}\n`);
    expect(result.stdout).toContain(`token\t****${TOKEN.slice(-4)}\n`);
    expect(result.stdout).toContain('token_source\t$SECSCAN_TOKEN\n');
    expect(result.stdout + result.stderr).not.toContain(TOKEN);
  });

  it('sums the scopes up in a line on a terminal; --scopes lists them; JSON has them all', async () => {
    const scopes = ['apps:list', 'findings:list', 'findings:read', 'tokens:list'];
    const stub = () => {
      cli.stub('ReadUser').reply(200, ok(user));
      cli.stub('ListMyOrgScopes').reply(200, ok(scopes));
    };
    stub();
    const terminal = await cli.run(['auth', 'status'], {
      env: { ...env, NO_COLOR: '1' },
      stdoutTTY: true,
    });
    expect(terminal.stdout).toContain('Scopes:       4 scopes of 3 resources (--scopes lists them)\n');
    expect(terminal.stdout.split('\n').filter(Boolean)).toHaveLength(7);
    stub();
    const listed = await cli.run(['auth', 'status', '--scopes'], {
      env: { ...env, NO_COLOR: '1' },
      stdoutTTY: true,
    });
    expect(listed.stdout).toContain('Scopes:       apps:list\n              findings:list\n');
    stub();
    const json = await cli.run(['auth', 'status', '-o', 'json'], { env });
    expect(JSON.parse(json.stdout).scopes).toEqual(scopes);
  });

  it('prints json with the masked token', async () => {
    stubVerify();
    const result = await cli.run(['auth', 'status', '-o', 'json', '--debug'], { env });
    expect(JSON.parse(result.stdout)).toMatchObject({
      profile: 'default',
      user: 'ada@example.com',
      scopes: ['tokens:list'],
      token: `****${TOKEN.slice(-4)}`,
    });
    expect(result.stderr).toContain(`debug: > GET ${ORIGIN}${operationPath('ReadUser')}`);
    expect(result.stdout + result.stderr).not.toContain(TOKEN);
  });

  it('uses the saved profile after a login', async () => {
    stubVerify();
    stubVerify();
    expect(
      (await cli.run(['auth', 'login', '--with-token', '--base-url', ORIGIN], { stdin: TOKEN })).code,
    ).toBe(0);
    expect(JSON.parse(readFileSync(join(cli.configDir, 'config.json'), 'utf8')).current_profile).toBe(
      'default',
    );
    const result = await cli.run(['auth', 'status', '-o', 'json']);
    expect(JSON.parse(result.stdout)).toMatchObject({
      base_url: ORIGIN,
      org_id: ORG,
      token_source: 'profile default',
    });
  });

  it('exits 3 when not logged in, without a request', async () => {
    const result = await cli.run(['auth', 'status']);
    expect(result.code).toBe(3);
    expect(result.stderr).toBe('error: not logged in (profile default)\nhint: run `secscan auth login`\n');
  });

  it('exits 3 for a profile that does not exist', async () => {
    const result = await cli.run(['auth', 'status', '--profile', 'ghost']);
    expect(result.code).toBe(3);
    expect(result.stderr.split('\n')[0]).toBe('error: profile "ghost" does not exist');
  });

  it('exits 4 when the service refuses the token', async () => {
    cli.stub('ReadUser').reply(401, { ok: false, message: 'invalid token' });
    cli.stub('ListMyOrgScopes').reply(401, { ok: false, message: 'invalid token' });
    const result = await cli.run(['auth', 'status'], { env });
    expect(result.code).toBe(4);
    expect(result.stdout).toBe('');
  });
});
