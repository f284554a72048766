import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API, expectUsage, jwt, ORG, ORIGIN, OTHER_ORG, ok, TOKEN, useCli } from '../helpers/cli.js';

const cli = useCli();
const user = { name: 'Ada', email: 'ada@example.com', idv2: 'u-1' };
const configFile = () => join(cli.configDir, 'config.json');
const saved = () => JSON.parse(readFileSync(configFile(), 'utf8'));

function stubVerify(org = ORG, status = 200) {
  cli.api
    .intercept({ path: `${API}/user`, method: 'GET' })
    .reply(status, status === 200 ? ok(user) : { ok: false, message: 'invalid token' });
  if (status === 200)
    cli.api
      .intercept({ path: `${API}/orgs/${org}/my_scopes`, method: 'GET' })
      .reply(200, ok(['tokens:list']));
}

describe('auth login', () => {
  it('verifies the token with ReadUser and ListMyOrgScopes, then saves the profile', async () => {
    stubVerify();
    const result = await cli.run(['auth', 'login', '--with-token', '--base-url', ORIGIN], {
      stdin: `${TOKEN}\n`,
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`Logged in to ${ORIGIN} as ada@example.com (organization ${ORG}).`);
    expect(cli.calls().map((c) => c.headers.authorization)).toEqual([`Bearer ${TOKEN}`, `Bearer ${TOKEN}`]);
    expect(saved()).toEqual({
      profiles: { default: { base_url: ORIGIN, org_id: ORG, token: TOKEN } },
      current_profile: 'default',
    });
    expect(result.stderr).not.toContain(TOKEN);
  });

  it('saves a named profile with --org over the token claim', async () => {
    stubVerify(OTHER_ORG);
    const result = await cli.run(
      ['auth', 'login', '--with-token', '--profile', 'staging', '--org', OTHER_ORG],
      {
        stdin: TOKEN,
        env: { SECSCAN_BASE_URL: ORIGIN },
      },
    );
    expect(result.code).toBe(0);
    expect(saved().profiles.staging).toEqual({ base_url: ORIGIN, org_id: OTHER_ORG, token: TOKEN });
    expect(saved().current_profile).toBe('staging');
  });

  it('saves nothing when the token is rejected (exit 4)', async () => {
    stubVerify(ORG, 401);
    const result = await cli.run(['auth', 'login', '--with-token', '--base-url', ORIGIN], { stdin: TOKEN });
    expect(result.code).toBe(4);
    expect(result.stderr.split('\n')[0]).toBe('error: ReadUser: invalid token (HTTP 401)');
    expect(existsSync(configFile()) ? saved().profiles : {}).toEqual({});
  });

  it('needs an organization when the token names none (exit 3, no request)', async () => {
    const result = await cli.run(['auth', 'login', '--with-token', '--base-url', ORIGIN], {
      stdin: jwt({ sub: 'x' }),
    });
    expect(result.code).toBe(3);
    expect(result.stderr).toBe('error: cannot tell the organization from this token: pass --org <uuid>\n');
    expect(cli.calls()).toEqual([]);
  });

  it.each([
    [
      ['auth', 'login', '--with-token'],
      '',
      'no token on standard input (secscan auth login --with-token < token.txt)',
    ],
    [['auth', 'login', '--with-token'], 'two words', 'the token contains white space: pass only the token'],
    [
      ['auth', 'login'],
      TOKEN,
      '--with-token is required when not on a terminal: secscan auth login --with-token < token.txt',
    ],
    [['auth', 'login', TOKEN], TOKEN, "too many arguments for 'login'. Expected 0 arguments but got 1."],
    [
      ['auth', 'login', '--with-token', '--profile', 'bad name'],
      TOKEN,
      "invalid profile name \"bad name\": use letters, digits, '.', '_' and '-'",
    ],
    [
      ['auth', 'login', '--with-token', '--org', 'acme'],
      TOKEN,
      'invalid organization id "acme" (from --org): expected a UUID',
    ],
    [
      ['auth', 'login', '--with-token', '--base-url', 'http://example.com'],
      TOKEN,
      'invalid service address "http://example.com" (from --base-url): plain http is refused for non-loopback hosts; use https or pass --allow-insecure-http',
    ],
  ])('%j with stdin %j -> exit 2', async (argv, stdin, message) => {
    expectUsage(await cli.run(argv, { stdin }), message, cli);
  });
});

describe('auth status', () => {
  it('shows the settings and scopes, the token masked, never in full', async () => {
    stubVerify();
    const result = await cli.run(['auth', 'status'], {
      env: { SECSCAN_BASE_URL: ORIGIN, SECSCAN_TOKEN: TOKEN },
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`base_url\t${ORIGIN}\n`);
    expect(result.stdout).toContain(`org_id\t${ORG}\n`);
    expect(result.stdout).toContain(`token\t****${TOKEN.slice(-4)}\n`);
    expect(result.stdout).toContain('token_source\t$SECSCAN_TOKEN\n');
    expect(result.stdout + result.stderr).not.toContain(TOKEN);
  });

  it('prints json with the masked token', async () => {
    stubVerify();
    const result = await cli.run(['auth', 'status', '-o', 'json', '--debug'], {
      env: { SECSCAN_BASE_URL: ORIGIN, SECSCAN_TOKEN: TOKEN },
    });
    expect(JSON.parse(result.stdout)).toMatchObject({
      profile: 'default',
      user: 'ada@example.com',
      scopes: ['tokens:list'],
      token: `****${TOKEN.slice(-4)}`,
    });
    expect(result.stderr).toContain(`debug: > GET ${ORIGIN}${API}/user`);
    expect(result.stdout + result.stderr).not.toContain(TOKEN);
  });

  it('uses the saved profile after a login', async () => {
    stubVerify();
    stubVerify();
    expect(
      (await cli.run(['auth', 'login', '--with-token', '--base-url', ORIGIN], { stdin: TOKEN })).code,
    ).toBe(0);
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
});

describe('auth logout', () => {
  it('removes the token and keeps the rest of the profile', async () => {
    stubVerify();
    await cli.run(['auth', 'login', '--with-token', '--base-url', ORIGIN], { stdin: TOKEN });
    const result = await cli.run(['auth', 'logout'], { env: { SECSCAN_TOKEN: TOKEN } });
    expect(result.code).toBe(0);
    expect(saved().profiles.default).toEqual({ base_url: ORIGIN, org_id: ORG });
    expect(result.stderr).toBe(
      'Removed the token from profile default.\nwarning: a token is still set in the environment (SECSCAN_TOKEN or SHIFTLEFT_ACCESS_TOKEN) and will be used\n',
    );
  });

  it('does nothing without a token', async () => {
    expect(await cli.run(['auth', 'logout'])).toEqual({
      code: 0,
      stdout: '',
      stderr: 'Profile default holds no token: nothing to do.\n',
    });
  });
});
