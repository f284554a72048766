import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  expectUsage,
  jwt,
  ORG,
  ORIGIN,
  OTHER_ORG,
  ok,
  TOKEN,
  typedInput,
  useCli,
} from '../../helpers/cli.js';

const cli = useCli();
const user = { name: 'Ada', email: 'ada@example.com', idv2: 'u-1' };
const configFile = () => join(cli.configDir, 'config.json');
const saved = () => JSON.parse(readFileSync(configFile(), 'utf8'));

function stubVerify(org = ORG) {
  cli.stub('ReadUser').reply(200, ok(user));
  cli.stub('ListMyOrgScopes', { path: { orgID: org } }).reply(200, ok(['tokens:list']));
}

describe('auth login: usage errors (exit 2, no request)', () => {
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
    [['auth', 'login', '--token', TOKEN], TOKEN, "unknown option '--token'"],
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
  ])('%j with stdin %j', async (argv, stdin, message) => {
    expectUsage(await cli.run(argv, { stdin }), message, cli);
  });

  it('refuses an empty token typed at the prompt', async () => {
    const result = await cli.run(['auth', 'login', '--base-url', ORIGIN], {
      stdinStream: typedInput(''),
      stdinTTY: true,
      stderrTTY: true,
    });
    expect(result.code).toBe(2);
    expect(result.stderr.split('\n').at(-2)).toBe('error: no token entered');
    expect(cli.calls()).toEqual([]);
  });
});

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

  it('reads the token at a hidden prompt on a terminal', async () => {
    stubVerify();
    // --quiet: no spinner on the fake terminal.
    const result = await cli.run(['auth', 'login', '--base-url', ORIGIN, '--quiet'], {
      stdinStream: typedInput(TOKEN),
      stdinTTY: true,
      stderrTTY: true,
    });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('Paste your access token: ');
    expect(result.stderr).not.toContain(TOKEN);
    expect(saved().profiles.default).toEqual({ base_url: ORIGIN, org_id: ORG, token: TOKEN });
  });

  it('saves nothing when the token is rejected (exit 4)', async () => {
    cli.stub('ReadUser').reply(401, { ok: false, message: 'invalid token' });
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
});
