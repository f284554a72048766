import { describe, expect, it } from 'vitest';
import { API, authEnv, ok, ORG, TOKEN, typedInput, useCli } from '../helpers/cli.js';

const cli = useCli();

describe('help', () => {
  it('bare secscan, secscan --help and secscan help say the same, with exit 0 and no request', async () => {
    const bare = await cli.run([]);
    const flag = await cli.run(['--help']);
    const command = await cli.run(['help']);
    expect(bare).toEqual({ code: 0, stdout: flag.stdout, stderr: '' });
    expect(command).toEqual(flag);
    expect(flag.stdout).toContain('Help topics:');
    expect(flag.stdout).toContain('Examples:');
    expect(cli.calls()).toEqual([]);
  });

  it('wraps at 80 columns when piped and at the terminal width on a terminal', async () => {
    const piped = await cli.run(['scans', 'check', '--help']);
    expect(Math.max(...piped.stdout.split('\n').map((l) => l.length))).toBeLessThanOrEqual(80);
    const wide = await cli.run(['scans', 'check', '--help'], { stdoutTTY: true, columns: 160 });
    const widest = Math.max(...wide.stdout.split('\n').map((l) => l.length));
    expect(widest).toBeGreaterThan(100);
    expect(widest).toBeLessThanOrEqual(160);
  });

  it('answers `help COMMAND` as `COMMAND --help`', async () => {
    const help = await cli.run(['help', 'findings', 'comment', 'add']);
    expect(help.code).toBe(0);
    expect(help.stdout).toBe((await cli.run(['findings', 'comment', 'add', '--help'])).stdout);
    expect(help.stdout).toMatch(/\nUsage: secscan findings comment add \[options\] <finding-id> <text>/);
  });

  it.each([
    ['exit-codes', '143  terminated (SIGTERM)'],
    ['environment', 'SHIFTLEFT_ACCESS_TOKEN'],
    ['formatting', '--fields a,b,c'],
    ['rules', 'num_findings'],
    ['http', 'The run has a retry budget of its own: 10 + --retries throttled answers in a row'],
  ])('prints the %s topic', async (topic, text) => {
    const result = await cli.run(['help', topic]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout.replace(/\s+/g, ' ')).toContain(text.replace(/\s+/g, ' '));
  });

  it('refuses an unknown topic with exit 2 and suggestions', async () => {
    const result = await cli.run(['help', 'findngs']);
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'error: unknown help topic or command "findngs" (did you mean findings?)\n' +
        'hint: topics: exit-codes, environment, formatting, http, rules; commands: see `secscan --help`\n',
    });
    const formatting = await cli.run(['help', 'formating']);
    expect(formatting.code).toBe(2);
    expect(formatting.stderr).toContain('(did you mean formatting?)');
  });

  it('shows a group its commands on stderr, exit 2, when no command is given', async () => {
    const result = await cli.run(['tokens']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/\nUsage: secscan tokens <command> \[options\]/);
    expect(result.stderr).toContain('Commands:');
  });

  it('takes --help after options and values, as commander does', async () => {
    const result = await cli.run(['findings', 'list', '--app', 'x', '--severity', 'high', '--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/\nUsage: secscan findings list \[options\]/);
    expect(cli.calls()).toEqual([]);
  });
});

describe('CI set: nothing prompts', () => {
  it('refuses a destructive command without --yes, on a terminal', async () => {
    const result = await cli.run(['apps', 'delete', 'payments-api'], {
      env: authEnv({ CI: 'true' }),
      stdinTTY: true,
      stderrTTY: true,
      stdoutTTY: true,
      stdinStream: typedInput('y'),
    });
    expect(result.code).toBe(2);
    // On a terminal the error wraps at its width, between words.
    expect(result.stderr.replace(/\s+/g, ' ')).toContain(
      'confirmation needed; pass --yes to proceed without a prompt',
    );
    expect(cli.calls()).toEqual([]);
  });

  it('does not prompt for a token in auth login', async () => {
    const result = await cli.run(['auth', 'login'], {
      env: { SECSCAN_BASE_URL: 'http://127.0.0.1:9', CI: '1' },
      stdinTTY: true,
      stderrTTY: true,
      stdinStream: typedInput(TOKEN),
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--with-token is required');
    expect(cli.calls()).toEqual([]);
  });

  it('still asks on a terminal when CI is false', async () => {
    cli.stub('DeleteApp', { path: { appID: 'payments-api' } }).reply(200, ok({}));
    const result = await cli.run(['apps', 'delete', 'payments-api'], {
      env: authEnv({ CI: 'false' }),
      stdinTTY: true,
      stderrTTY: true,
      stdinStream: typedInput('y'),
    });
    expect(result.stderr).toContain('[y/N]');
    expect(result.code).toBe(0);
    expect(cli.calls().map((c) => c.path)).toEqual([`${API}/orgs/${ORG}/apps/payments-api`]);
  });
});

describe('colour', () => {
  const tty = { stdoutTTY: true };

  it.each([
    ['TERM=dumb', { TERM: 'dumb' }],
    ['FORCE_COLOR=0', { FORCE_COLOR: '0' }],
  ])('%s: a table on a terminal has no escape sequence', async (_name, env) => {
    cli.stub('ListMyOrgScopes').reply(200, ok(['apps:list', 'findings:list']));
    const result = await cli.run(['scopes', 'list'], { ...tty, env: authEnv(env) });
    expect(result.code).toBe(0);
    expect(result.stdout).not.toContain('\u001b[');
  });

  it('colours the table header on a terminal otherwise', async () => {
    cli.stub('ListMyOrgScopes').reply(200, ok(['apps:list']));
    const result = await cli.run(['scopes', 'list'], { ...tty, env: authEnv({ TERM: 'xterm-256color' }) });
    expect(result.stdout).toContain('\u001b[1m');
  });
});
