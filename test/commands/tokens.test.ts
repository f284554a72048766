import { describe, expect, it } from 'vitest';
import { API, authEnv, expectUsage, ORG, ok, TOKEN, useCli } from '../helpers/cli.js';

const cli = useCli();
const tokens = `${API}/orgs/${ORG}/tokens`;
const TOKEN_ID = '3fa85f64-5717-4562-b3fc-2c963f66afa6';
const ROLE_ID = 'b6d1a7f0-1c2d-4e3f-8a9b-0c1d2e3f4a5b';
const listed = [
  { id: TOKEN_ID, label: 'ci', token_type: 'access', role_id: ROLE_ID, expires_at: '2030-01-01T00:00:00Z' },
  { id: 'tok-2', label: 'jira\u001b[31m', token_type: 'integration', role_id: 'r2', description: 'x' },
];
const created = {
  id: 'new-id',
  label: 'GitHub Actions',
  token_type: 'access',
  role_id: ROLE_ID,
  value: 'SECRET-VALUE-1234567',
};

describe('tokens: parse errors (exit 2, no request)', () => {
  it.each([
    [['tokens', 'list', '--bogus'], "unknown option '--bogus'"],
    [
      ['tokens', 'list', '--type', 'robot'],
      'invalid value for --type: "robot" (choose from access, integration)',
    ],
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
    [['tokens', 'delete', 'not-a-uuid', '--yes'], 'invalid token id "not-a-uuid": expected a UUID'],
    [['tokens', 'delete'], "missing required argument 'id'"],
    [
      ['tokens', 'list', '-o', 'xml'],
      'invalid value for -o, --output: "xml" (choose from table, tsv, json, ndjson, yaml, csv)',
    ],
    [
      ['tokens', 'list', '--fields', 'id,secret'],
      'unknown field "secret" for --fields (choose from id, label, token_type, role_id, expires_at, description)',
    ],
    [
      ['tokens', 'delete', TOKEN_ID],
      `Delete token ${TOKEN_ID}? Anything using it stops working: confirmation needed; pass --yes to proceed without a prompt`,
    ],
    [['tokens', 'lst'], "unknown command 'lst' (did you mean one of list, ls?)"],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });

  it('refuses a delete without --yes even when stdin is a terminal but --no-input is given', async () => {
    const result = await cli.run(['tokens', 'delete', TOKEN_ID, '--no-input'], {
      env: authEnv(),
      stdinTTY: true,
      stderrTTY: true,
    });
    expect(result.code).toBe(2);
    expect(cli.calls()).toEqual([]);
  });
});

describe('tokens list', () => {
  it('sends show_expired and token_type, and prints a table on a terminal', async () => {
    cli.api
      .intercept({ path: `${tokens}?show_expired=true&token_type=access`, method: 'GET' })
      .reply(200, ok(listed));
    const result = await cli.run(['tokens', 'list', '--show-expired', '--type', 'access'], {
      env: authEnv({ NO_COLOR: '1' }),
      stdoutTTY: true,
    });
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ID\s+LABEL\s+TYPE\s+ROLE\s+EXPIRES\s+DESCRIPTION$/);
    expect(lines[1]).toMatch(
      new RegExp(`^${TOKEN_ID}\\s+ci\\s+access\\s+${ROLE_ID}\\s+2030-01-01T00:00:00Z$`),
    );
    expect(lines[2]).toMatch(/^tok-2\s+jira\s+integration\s+r2\s+x$/);
    expect(result.stdout).not.toContain('\u001b');
    expect(cli.calls()[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('colours the table header on a terminal, and --no-color turns it off', async () => {
    cli.api.intercept({ path: tokens, method: 'GET' }).reply(200, ok(listed)).times(2);
    const coloured = await cli.run(['tokens', 'list'], { env: authEnv(), stdoutTTY: true });
    expect(coloured.stdout.startsWith('\u001b[1mID\u001b[22m')).toBe(true);
    expect(coloured.stdout).not.toContain('\u001b[31m');
    const plain = await cli.run(['tokens', 'list', '--no-color'], { env: authEnv(), stdoutTTY: true });
    expect(plain.stdout).not.toContain('\u001b');
  });

  it('sends no query by default and prints tab-separated rows without header when piped', async () => {
    cli.api.intercept({ path: tokens, method: 'GET' }).reply(200, ok(listed));
    const result = await cli.run(['tokens', 'ls'], { env: authEnv() });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      `${TOKEN_ID}\tci\taccess\t${ROLE_ID}\t2030-01-01T00:00:00Z\t\ntok-2\tjira\tintegration\tr2\t\tx\n`,
    );
    expect(result.stderr).toBe('');
  });

  it('prints the full objects with -o json', async () => {
    cli.api.intercept({ path: tokens, method: 'GET' }).reply(200, ok(listed));
    const result = await cli.run(['tokens', 'list', '-o', 'json'], { env: authEnv(), stdoutTTY: true });
    expect(JSON.parse(result.stdout)).toEqual(listed);
  });

  it('notes an empty list on stderr on a terminal and exits 0', async () => {
    cli.api.intercept({ path: tokens, method: 'GET' }).reply(200, ok([]));
    const result = await cli.run(['tokens', 'list'], { env: authEnv(), stdoutTTY: true });
    expect(result).toEqual({ code: 0, stdout: '', stderr: 'No tokens.\n' });
  });

  it('prints only --fields', async () => {
    cli.api.intercept({ path: tokens, method: 'GET' }).reply(200, ok(listed));
    const result = await cli.run(['tokens', 'list', '--fields', 'label,id'], { env: authEnv() });
    expect(result.stdout).toBe(`ci\t${TOKEN_ID}\njira\ttok-2\n`);
  });
});

describe('tokens create', () => {
  it('posts the body and prints the value once on stdout, the note on stderr', async () => {
    cli.api.intercept({ path: tokens, method: 'POST' }).reply(200, ok(created));
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
    cli.api.intercept({ path: tokens, method: 'POST' }).reply(200, ok(created));
    const result = await cli.run(
      ['tokens', 'create', '--label', 'ci', '--role', ROLE_ID, '-o', 'json', '--debug'],
      {
        env: authEnv(),
      },
    );
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(created);
    expect(result.stderr).toContain(`debug: > POST http://127.0.0.1:9${tokens}`);
    expect(result.stderr).toMatch(/debug: < 200 \(\d+ ms/);
    expect(result.stderr).not.toContain('SECRET-VALUE-1234567');
    expect(result.stderr).not.toContain(TOKEN);
  });

  it('never retries a POST that failed with 503 (exit 7)', async () => {
    cli.api
      .intercept({ path: tokens, method: 'POST' })
      .reply(503, { ok: false, message: 'busy' }, { headers: { 'retry-after': '0' } });
    const result = await cli.run(['tokens', 'create', '--label', 'ci', '--role', ROLE_ID], {
      env: authEnv(),
    });
    expect(result.code).toBe(7);
    expect(result.stdout).toBe('');
    expect(cli.calls()).toHaveLength(1);
  });
});

describe('tokens delete', () => {
  it('deletes with --yes', async () => {
    cli.api.intercept({ path: `${tokens}/${TOKEN_ID}`, method: 'DELETE' }).reply(200, { ok: true });
    const result = await cli.run(['tokens', 'rm', TOKEN_ID, '--yes'], { env: authEnv() });
    expect(result).toEqual({ code: 0, stdout: '', stderr: `Deleted token ${TOKEN_ID}.\n` });
  });

  it('maps 404 to exit 5 and writes a JSON error with -o json', async () => {
    cli.api
      .intercept({ path: `${tokens}/${TOKEN_ID}`, method: 'DELETE' })
      .reply(404, { ok: false, code: 'NOT_FOUND', message: 'no such token' });
    const result = await cli.run(['tokens', 'delete', TOKEN_ID, '-y', '-o', 'json'], { env: authEnv() });
    expect(result.code).toBe(5);
    const [line, json] = result.stderr.trimEnd().split('\n');
    expect(line).toBe('error: DeleteToken: no such token (HTTP 404 NOT_FOUND)');
    expect(JSON.parse(json as string)).toEqual({
      error: {
        code: 'NOT_FOUND',
        message: 'DeleteToken: no such token (HTTP 404 NOT_FOUND)',
        status: 404,
        exit_code: 5,
      },
    });
  });

  it('asks on a terminal and deletes on "y"', async () => {
    const { typedInput } = await import('../helpers/cli.js');
    cli.api.intercept({ path: `${tokens}/${TOKEN_ID}`, method: 'DELETE' }).reply(200, { ok: true });
    const result = await cli.run(['tokens', 'delete', TOKEN_ID], {
      env: authEnv(),
      stdinStream: typedInput('y'),
      stdinTTY: true,
      stderrTTY: true,
    });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('Anything using it stops working [y/N]');
  });
});
