import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, TOKEN, useCli } from '../../helpers/cli.js';
import { baseFormatNames } from '../../../src/output/base/index.js';

const cli = useCli();
const TOKEN_ID = '3fa85f64-5717-4562-b3fc-2c963f66afa6';
const ROLE_ID = 'b6d1a7f0-1c2d-4e3f-8a9b-0c1d2e3f4a5b';
const listed = [
  { id: TOKEN_ID, label: 'ci', token_type: 'access', role_id: ROLE_ID, expires_at: '2030-01-01T00:00:00Z' },
  { id: 'tok-2', label: 'jira\u001b[31m', token_type: 'integration', role_id: 'r2', description: 'x' },
];

describe('tokens list: usage errors (exit 2, no request)', () => {
  it.each([
    [['tokens', 'list', '--bogus'], "unknown option '--bogus'"],
    [
      ['tokens', 'list', '--type', 'robot'],
      'invalid value for --type: "robot" (choose from access, integration)',
    ],
    [
      ['tokens', 'list', '-o', 'xml'],
      `invalid value for -o, --output: "xml" (choose from ${baseFormatNames.join(', ')})`,
    ],
    [
      ['tokens', 'list', '--fields', 'id,secret'],
      'unknown field "secret" for --fields (choose from id, label, token_type, role_id, expires_at, description)',
    ],
    [['tokens', 'lst'], "unknown command 'lst' (did you mean one of list, ls?)"],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('tokens list', () => {
  it('sends show_expired and token_type, and prints a table on a terminal', async () => {
    cli.stub('ListTokens', { query: { show_expired: true, token_type: 'access' } }).reply(200, ok(listed));
    const result = await cli.run(['tokens', 'list', '--show-expired', '--type', 'access'], {
      env: authEnv({ NO_COLOR: '1' }),
      stdoutTTY: true,
      // Wide enough for two uuids and every column (narrower, the table leaves out the last ones).
      columns: 160,
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
    cli.stub('ListTokens').reply(200, ok(listed)).times(2);
    const coloured = await cli.run(['tokens', 'list'], { env: authEnv(), stdoutTTY: true });
    expect(coloured.stdout.startsWith('\u001b[1mID\u001b[22m')).toBe(true);
    expect(coloured.stdout).not.toContain('\u001b[31m');
    const plain = await cli.run(['tokens', 'list', '--no-color'], { env: authEnv(), stdoutTTY: true });
    expect(plain.stdout).not.toContain('\u001b');
  });

  it('sends no query by default and prints tab-separated rows without header when piped', async () => {
    cli.stub('ListTokens').reply(200, ok(listed));
    const result = await cli.run(['tokens', 'ls'], { env: authEnv() });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      `${TOKEN_ID}\tci\taccess\t${ROLE_ID}\t2030-01-01T00:00:00Z\t\ntok-2\tjira\tintegration\tr2\t\tx\n`,
    );
    expect(result.stderr).toBe('');
  });

  it('prints the full objects with -o json', async () => {
    cli.stub('ListTokens').reply(200, ok(listed));
    const result = await cli.run(['tokens', 'list', '-o', 'json'], { env: authEnv(), stdoutTTY: true });
    expect(JSON.parse(result.stdout)).toEqual(listed);
  });

  it('notes an empty list on stderr on a terminal and exits 0', async () => {
    cli.stub('ListTokens').reply(200, ok([]));
    const result = await cli.run(['tokens', 'list'], { env: authEnv(), stdoutTTY: true });
    expect(result).toEqual({ code: 0, stdout: '', stderr: 'No tokens.\n' });
  });

  it('prints only --fields', async () => {
    cli.stub('ListTokens').reply(200, ok(listed));
    const result = await cli.run(['tokens', 'list', '--fields', 'label,id'], { env: authEnv() });
    expect(result.stdout).toBe(`ci\t${TOKEN_ID}\njira\ttok-2\n`);
  });
});
