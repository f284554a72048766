import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, operationPath, TOKEN, useCli } from '../../helpers/cli.js';

const cli = useCli();
const ROLE_ID = 'b6d1a7f0-1c2d-4e3f-8a9b-0c1d2e3f4a5b';
const created = {
  id: 'new-id',
  label: 'GitHub Actions',
  token_type: 'access',
  role_id: ROLE_ID,
  value: 'SECRET-VALUE-1234567',
};

describe('tokens create: usage errors (exit 2, no request)', () => {
  it.each([
    [['tokens', 'create', '--role', ROLE_ID], '--label is required'],
    [['tokens', 'create', '--label', 'ci'], '--role is required (see `secscan roles list --access-token`)'],
    [['tokens', 'create', '--label', ' ', '--role', ROLE_ID], '--label must not be empty'],
    [
      ['tokens', 'create', '--label', 'ci', '--role', ROLE_ID, '--valid-for', '3 days'],
      'invalid value for --valid-for: "3 days" (expected a duration such as 3600, 90m, 12h, 30d)',
    ],
    [
      ['tokens', 'create', '--label', 'ci', '--role', ROLE_ID, '--valid-for', '0'],
      'invalid value for --valid-for: "0" (must be more than zero)',
    ],
    [
      ['tokens', 'create', '--label', 'ci', '--role', ROLE_ID, '--type', 'x'],
      'invalid value for --type: "x" (choose from access, integration)',
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('tokens create', () => {
  it('posts the body and prints the value once on stdout, the note on stderr', async () => {
    cli.stub('CreateToken').reply(200, ok(created));
    const result = await cli.run(
      [
        'tokens',
        'create',
        '--label',
        'GitHub Actions',
        '--role',
        ROLE_ID,
        '--valid-for',
        '90d',
        '--type',
        'access',
      ],
      { env: authEnv() },
    );
    expect(result.code).toBe(0);
    expect(cli.calls()[0]?.body).toEqual({
      label: 'GitHub Actions',
      role_id: ROLE_ID,
      token_type: 'access',
      valid_for_seconds: 7_776_000,
    });
    expect(result.stdout.split('SECRET-VALUE-1234567')).toHaveLength(2);
    expect(result.stdout).toContain('value\tSECRET-VALUE-1234567\n');
    expect(result.stderr).toBe('Save this token now: its value is not shown again.\n');
  });

  it('prints the created object with -o json (value included) and never logs the value with --debug', async () => {
    cli.stub('CreateToken').reply(200, ok(created));
    const result = await cli.run(
      ['tokens', 'create', '--label', 'ci', '--role', ROLE_ID, '-o', 'json', '--debug'],
      {
        env: authEnv(),
      },
    );
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(created);
    expect(result.stderr).toContain(`debug: > POST http://127.0.0.1:9${operationPath('CreateToken')}`);
    expect(result.stderr).toMatch(/debug: < 200 \(\d+ ms/);
    expect(result.stderr).not.toContain('SECRET-VALUE-1234567');
    expect(result.stderr).not.toContain(TOKEN);
  });

  it('never retries a POST that failed with 503 (exit 7)', async () => {
    cli.stub('CreateToken').reply(503, { ok: false, message: 'busy' }, { headers: { 'retry-after': '0' } });
    const result = await cli.run(['tokens', 'create', '--label', 'ci', '--role', ROLE_ID], {
      env: authEnv(),
    });
    expect(result.code).toBe(7);
    expect(result.stdout).toBe('');
    expect(cli.calls()).toHaveLength(1);
  });
});
