import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
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

  it('a malformed token is named as such, not a missing organization (exit 3, no request)', async () => {
    const result = await cli.run(['auth', 'login', '--with-token', '--base-url', ORIGIN], {
      stdin: 'garbage',
    });
    expect(result.code).toBe(3);
    expect(result.stderr.split('\n')[0]).toBe(
      'error: the token (from standard input) is malformed: a token is a JWT, three base64url parts joined by dots (header.payload.signature), and this is not, so it names no organization',
    );
    expect(cli.calls()).toEqual([]);
  });
});

describe('auth login of another profile than the current one', () => {
  const cron = { base_url: ORIGIN, org_id: ORG, token: TOKEN };
  const seed = () => {
    mkdirSync(cli.configDir, { recursive: true });
    writeFileSync(configFile(), JSON.stringify({ current_profile: 'cron', profiles: { cron } }), {
      mode: 0o600,
    });
  };

  it('keeps the current profile, saying how to switch', async () => {
    seed();
    stubVerify();
    const result = await cli.run(
      ['auth', 'login', '--with-token', '--profile', 'backups', '--base-url', ORIGIN],
      {
        stdin: TOKEN,
      },
    );
    expect(result.code).toBe(0);
    expect(saved()).toEqual({ current_profile: 'cron', profiles: { cron, backups: cron } });
    expect(result.stderr.split('\n').at(-2)).toBe(
      `Saved profile backups in ${configFile()}; the current profile is still cron: switch with \`secscan profiles use backups\` (or log in with --switch).`,
    );
  });

  it('--switch makes it the current one; a login to the current profile keeps it current', async () => {
    seed();
    stubVerify();
    const switched = await cli.run(
      ['auth', 'login', '--with-token', '--profile', 'backups', '--base-url', ORIGIN, '--switch'],
      { stdin: TOKEN },
    );
    expect(switched.code).toBe(0);
    expect(saved().current_profile).toBe('backups');
    expect(switched.stderr).toContain('Saved profile backups in ');
    expect(switched.stderr).toContain('; it is now the current profile.');
    stubVerify();
    const again = await cli.run(['auth', 'login', '--with-token', '--base-url', ORIGIN], { stdin: TOKEN });
    expect(again.code).toBe(0);
    expect(saved().current_profile).toBe('backups');
    expect(again.stderr).toContain('Saved profile backups in ');
  });
});

describe('auth login --from-sl', () => {
  const slFile = (content: unknown) => {
    const dir = mkdtempSync(join(tmpdir(), 'secscan-sl-'));
    const path = join(dir, 'config.json');
    writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
    return { dir, path };
  };

  it('imports the org id and token of ~/.shiftleft/config.json and never prints the token', async () => {
    const home = mkdtempSync(join(tmpdir(), 'secscan-home-'));
    mkdirSync(join(home, '.shiftleft'));
    writeFileSync(
      join(home, '.shiftleft', 'config.json'),
      JSON.stringify({ orgId: ORG, accessToken: TOKEN }),
    );
    stubVerify();
    const result = await cli.run(['auth', 'login', '--from-sl', '--base-url', ORIGIN], {
      env: { HOME: home },
    });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(
      `Imported the organization id and access token of ${join(home, '.shiftleft', 'config.json')}.`,
    );
    expect(`${result.stdout}${result.stderr}`).not.toContain(TOKEN);
    expect(saved().profiles.default).toMatchObject({ base_url: ORIGIN, org_id: ORG, token: TOKEN });
  });

  it('takes the organization from the file over the token’s claim, and --org over the file', async () => {
    const token = jwt({ orgID: OTHER_ORG });
    const { path } = slFile({ orgId: ORG, accessToken: token, apiHost: 'ignored' });
    stubVerify(ORG);
    const fromFile = await cli.run(['auth', 'login', '--from-sl', path, '--base-url', ORIGIN]);
    expect(fromFile.code).toBe(0);
    expect(saved().profiles.default.org_id).toBe(ORG);
    stubVerify(OTHER_ORG);
    const flag = await cli.run([
      'auth',
      'login',
      '--from-sl',
      path,
      '--base-url',
      ORIGIN,
      '--org',
      OTHER_ORG,
    ]);
    expect(flag.code).toBe(0);
    expect(saved().profiles.default.org_id).toBe(OTHER_ORG);
  });

  it.each([
    [{ orgId: ORG }, 'has no accessToken'],
    [
      { orgId: ORG, uploadToken: 'u' },
      'has no accessToken (it has only an upload token: run `sl auth` again)',
    ],
    [{ orgId: 'acme', accessToken: TOKEN }, 'has no orgId (a UUID)'],
    [{ orgId: ORG, accessToken: 'two words' }, 'contains white space'],
    [`{"orgId": "${ORG}", "accessToken": "${TOKEN}"`, 'is not valid JSON'],
  ])('refuses %j (exit 3, no request, no secret in the message)', async (content, message) => {
    const { path } = slFile(content);
    const result = await cli.run(['auth', 'login', '--from-sl', path, '--base-url', ORIGIN]);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain(message);
    expect(result.stderr).not.toContain(TOKEN);
    expect(cli.calls()).toEqual([]);
  });

  it('a missing file says to run sl auth; --with-token and --from-sl conflict', async () => {
    const missing = await cli.run(['auth', 'login', '--from-sl', '/nonexistent/config.json']);
    expect(missing.code).toBe(3);
    expect(missing.stderr).toContain(
      'cannot read /nonexistent/config.json: no such file (run `sl auth` first',
    );
    expectUsage(
      await cli.run(['auth', 'login', '--from-sl', 'x', '--with-token'], { stdin: TOKEN }),
      '--with-token and --from-sl cannot be used together',
      cli,
    );
  });
});
