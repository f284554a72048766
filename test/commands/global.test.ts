import { describe, expect, it } from 'vitest';
import { API, authEnv, expectUsage, jwt, ORG, ORIGIN, ok, TOKEN, useCli } from '../helpers/cli.js';

const cli = useCli();
const scopes = `${API}/orgs/${ORG}/my_scopes`;

describe('global options: parse errors (exit 2, no request)', () => {
  it.each([
    [
      ['--timeout', '0', 'scopes', 'list'],
      'invalid value for --timeout: "0" (expected a number from 1 to 3600)',
    ],
    [
      ['scopes', 'list', '--retries', 'many'],
      'invalid value for --retries: "many" (expected a number from 0 to 10)',
    ],
    [['scopes', 'list', '--retries', '1.5'], 'invalid value for --retries: expected a whole number'],
    [['scopes', 'list', '--fields', ' , '], '--fields needs at least one field name'],
    [
      ['scopes', 'list', '--base-url', 'http://example.com'],
      'invalid service address "http://example.com" (from --base-url): plain http is refused for non-loopback hosts; use https or pass --allow-insecure-http',
    ],
    [['scopes', 'list', '--org', 'acme'], 'invalid organization id "acme" (from --org): expected a UUID'],
    [['nouns'], "unknown command 'nouns' (did you mean one of groups, tokens?)"],
    // An unknown option is reported before a missing required one (it was "--compound is required").
    [['scans', 'check', '--bogus'], "unknown option '--bogus'"],
    [['scans', 'check', '--rules', 'r.yml', '--bogus', 'x'], "unknown option '--bogus'"],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });

  it('points the hint at the help of the command being typed', async () => {
    const unknown = await cli.run(['tokens', 'lst']);
    expect(unknown.code).toBe(2);
    // The hint names the command suggested for the typo, not the typo.
    expect(unknown.stderr).toContain('hint: see `secscan tokens list --help`');
    const noun = await cli.run(['findngs', 'list']);
    expect(noun.stderr).toBe(
      "error: unknown command 'findngs' (did you mean findings?)\nhint: see `secscan findings --help`\n",
    );
    const nothing = await cli.run(['tokens', 'zzz']);
    expect(nothing.stderr).toContain('hint: see `secscan tokens --help`');
    const choice = await cli.run(['roles', 'list', '-o', 'xml']);
    expect(choice.code).toBe(2);
    expect(cli.calls()).toHaveLength(0);
  });

  it('an option given to a group of commands says a command is missing, and lists them', async () => {
    const r = await cli.run(['findings', '--app', 'x']);
    expect([r.code, r.stdout]).toEqual([2, '']);
    expect(r.stderr).toBe(
      'error: `secscan findings` needs a command: list, show, status, assign, undo, comment, fix, dataflow, autofix, summary\n' +
        "hint: see `secscan findings --help`, or `secscan findings COMMAND --help` for a command's options\n",
    );
    const nested = await cli.run(['--profile', 'p', 'org', 'config', '--bogus']);
    expect(nested.stderr.split('\n')[0]).toBe(
      'error: `secscan org config` needs a command: show, set, patch',
    );
    expect(cli.calls()).toHaveLength(0);
  });

  it('writes usage errors as JSON too with -o json', async () => {
    const result = await cli.run(['-o', 'json', 'tokens', 'create', '--label', 'x'], { env: authEnv() });
    expect(result.code).toBe(2);
    expect(JSON.parse(result.stderr.trimEnd().split('\n').at(-1) as string)).toEqual({
      error: {
        code: 'USAGE',
        message: '--role is required (see `secscan roles list --access-token`)',
        status: null,
        exit_code: 2,
      },
    });
  });
});

describe('version and help', () => {
  it('prints the version and the exit codes', async () => {
    expect(await cli.run(['--version'])).toEqual({ code: 0, stdout: '0.0.0-test\n', stderr: '' });
    const help = await cli.run(['help', 'exit-codes']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('130  interrupted (SIGINT)');
  });

  it('prints help for a verb with exit 0 and no request', async () => {
    const result = await cli.run(['tokens', 'create', '--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('--valid-for <duration>');
  });
});

describe('settings from the environment', () => {
  it('uses SHIFTLEFT_* variables when SECSCAN_* are unset', async () => {
    cli.agent.get('https://sl.example.com').intercept({ path: scopes, method: 'GET' }).reply(200, ok([]));
    const result = await cli.run(['scopes', 'list'], {
      env: { SHIFTLEFT_API_HOST: 'sl.example.com', SHIFTLEFT_ACCESS_TOKEN: TOKEN, SHIFTLEFT_ORG_ID: ORG },
    });
    expect(result.code).toBe(0);
  });

  it('takes SECSCAN_BASE_URL ending in /api/v4 as meant, not as /api/v4/api/v4 (a 404)', async () => {
    cli.api.intercept({ path: scopes, method: 'GET' }).reply(200, ok([]));
    const result = await cli.run(['scopes', 'list'], {
      env: authEnv({ SECSCAN_BASE_URL: `${ORIGIN}/api/v4` }),
    });
    expect([result.code, result.stderr]).toEqual([0, '']);
    expect(cli.calls()).toHaveLength(1);
  });

  it('refuses plain http to a non-loopback host from the environment (exit 3)', async () => {
    const result = await cli.run(['scopes', 'list'], {
      env: authEnv({ SECSCAN_BASE_URL: 'http://example.com' }),
    });
    expect(result.code).toBe(3);
    expect(cli.calls()).toEqual([]);
  });

  it('exits 3 without an organization', async () => {
    const result = await cli.run(['scopes', 'list', '-o', 'json'], {
      env: authEnv({ SECSCAN_TOKEN: jwt({ sub: 'x' }) }),
    });
    expect(result.code).toBe(3);
    expect(JSON.parse(result.stderr.trimEnd().split('\n').at(-1) as string).error).toMatchObject({
      code: 'CONFIG',
      exit_code: 3,
    });
  });
});

describe('transient failures and interruption', () => {
  it('exits 7 after every attempt fails on the network, with --debug showing each attempt', async () => {
    cli.api.intercept({ path: scopes, method: 'GET' }).replyWithError(new Error('ECONNREFUSED')).times(2);
    const result = await cli.run(['scopes', 'list', '--retries', '1', '--debug'], { env: authEnv() });
    expect(result.code).toBe(7);
    expect(result.stderr).toContain(
      `error: ListMyOrgScopes: cannot reach ${ORIGIN} after 2 attempts: ECONNREFUSED`,
    );
    expect(result.stderr).toContain(
      'hint: check the base URL, the network and any proxy settings; safe to retry',
    );
    expect(result.stderr).toContain(`debug: > GET ${ORIGIN}${scopes} (attempt 2 of 2)`);
    expect(result.stderr).not.toContain(TOKEN);
  });

  it('exits 7 when the service does not answer within --timeout', async () => {
    cli.api.intercept({ path: scopes, method: 'GET' }).reply(200, ok([])).delay(3000);
    const result = await cli.run(['scopes', 'list', '--timeout', '1', '--retries', '0'], { env: authEnv() });
    expect(result.code).toBe(7);
    expect(result.stderr.split('\n')[0]).toBe(
      `error: ListMyOrgScopes: cannot reach ${ORIGIN}: no answer within 1 s`,
    );
  });

  it('exits 7 on 429 after the retry budget', async () => {
    cli.api
      .intercept({ path: scopes, method: 'GET' })
      .reply(429, { message: 'slow down' }, { headers: { 'retry-after': '0' } })
      .times(3);
    const result = await cli.run(['scopes', 'list'], { env: authEnv() });
    expect(result.code).toBe(7);
    expect(result.stderr).toBe(
      'error: ListMyOrgScopes: slow down (HTTP 429)\nhint: the service may be busy: safe to retry\n',
    );
  });

  it('exits 130 without an error line when interrupted', async () => {
    const controller = new AbortController();
    cli.api.intercept({ path: scopes, method: 'GET' }).reply(200, ok([])).delay(2000);
    setTimeout(() => controller.abort(new Error('SIGINT')), 50);
    const result = await cli.run(['scopes', 'list'], { env: authEnv(), signal: controller.signal });
    expect(result).toEqual({ code: 130, stdout: '', stderr: '' });
    expect(cli.calls()).toHaveLength(1);
  });

  it('exits 8 on a non-JSON 200 answer', async () => {
    cli.api.intercept({ path: scopes, method: 'GET' }).reply(200, '<html>proxy login</html>');
    const result = await cli.run(['scopes', 'list'], { env: authEnv() });
    expect(result.code).toBe(8);
    expect(result.stderr).toBe('error: ListMyOrgScopes: the service answered with a body that is not JSON\n');
  });
});
