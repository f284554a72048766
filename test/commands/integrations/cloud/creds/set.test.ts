import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, typedInput, useCli } from '../../../../helpers/cli.js';

const cli = useCli();
const SECRET = 'wiz-client-secret-0123456789';
const flags = [
  '--client-id',
  'cid',
  '--auth-url',
  'https://auth.app.wiz.io/oauth/token',
  '--api-url',
  'https://api.us17.app.wiz.io/graphql',
];
const set = ['integrations', 'cloud', 'creds', 'set'];
const body = {
  client_id: 'cid',
  client_secret: SECRET,
  auth_url: 'https://auth.app.wiz.io/oauth/token',
  api_url: 'https://api.us17.app.wiz.io/graphql',
};

describe('integrations cloud creds set: usage errors (exit 2, no request)', () => {
  it.each([
    [[...set, ...flags.slice(2)], '--client-id is required'],
    [[...set, ...flags.slice(0, 4)], '--api-url is required'],
    [
      [...set, ...flags.slice(0, 2), '--auth-url', 'http://auth.example', '--api-url', 'https://a.example'],
      'invalid value for --auth-url: "http://auth.example" (expected an https:// address)',
    ],
    [
      [...set, ...flags.slice(0, 4), '--api-url', 'https://'],
      'invalid value for --api-url: "https://" (expected an https:// address)',
    ],
    [[...set, ...flags, '--client-secret', SECRET], "unknown option '--client-secret'"],
  ])('%j', async (argv, message) => {
    const result = await cli.run(argv, { env: authEnv(), stdin: SECRET });
    expectUsage(result, message, cli);
    expect(result.stderr).not.toContain(SECRET);
  });

  it.each([
    [
      'empty stdin',
      '',
      'no client secret on standard input (secscan integrations cloud creds set ... < secret.txt)',
    ],
    ['two lines', `${SECRET}\nmore\n`, 'the client secret spans several lines: pass only the secret'],
  ])('refuses %s', async (_what, stdin, message) => {
    expectUsage(await cli.run([...set, ...flags], { env: authEnv(), stdin }), message, cli);
  });

  it('refuses to prompt with --no-input at a terminal', async () => {
    expectUsage(
      await cli.run([...set, ...flags, '--no-input'], { env: authEnv(), stdinTTY: true, stderrTTY: true }),
      'the client secret is read from standard input: secscan integrations cloud creds set ... < secret.txt',
      cli,
    );
  });
});

describe('integrations cloud creds set', () => {
  it('sends the secret read from stdin (one trailing newline dropped); never logs it with --debug', async () => {
    cli.stub('storeWizCreds', { body }).reply(200, '');
    const result = await cli.run([...set, ...flags, '--debug'], { env: authEnv(), stdin: `${SECRET}\n` });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('"client_secret":"[redacted]"');
    expect(result.stderr).toContain('Stored the client credentials of the cloud-security platform (Wiz).\n');
    expect(result.stderr).not.toContain(SECRET);
  });

  it('reads the secret at a hidden prompt on a terminal', async () => {
    cli.stub('storeWizCreds', { body }).reply(200, '');
    // --quiet: no spinner on the fake terminal.
    const result = await cli.run([...set, ...flags, '--quiet'], {
      env: authEnv(),
      stdinStream: typedInput(SECRET),
      stdinTTY: true,
      stderrTTY: true,
    });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('Client secret: ');
    expect(result.stderr).not.toContain(SECRET);
  });

  it('keeps the secret out of an error the service echoes it in, --debug stack and body included', async () => {
    cli.stub('storeWizCreds', { body }).reply(401, {
      ok: false,
      code: 'UNAUTHORIZED',
      message: `the client secret ${SECRET} is not valid`,
      validation_errors: [`client_secret: ${SECRET}`],
    });
    const result = await cli.run([...set, ...flags, '--debug', '-o', 'json'], {
      env: authEnv(),
      stdin: SECRET,
    });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('error: storeWizCreds: the client secret [redacted] is not valid');
    expect(result.stderr).not.toContain(SECRET);
  });
});
