import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectUsage, ORG, ORIGIN, useCli } from '../../helpers/cli.js';
import { seed } from './seed.js';

const cli = useCli();

describe('profiles list: usage errors (exit 2, no request)', () => {
  it.each([
    [['profiles', 'list', '--bogus'], "unknown option '--bogus'"],
    [['profiles', 'list', 'b'], "too many arguments for 'list'. Expected 0 arguments but got 1."],
    [
      ['profiles', 'list', '--fields', 'token'],
      'unknown field "token" for --fields (choose from current, name, base_url, org_id, has_token)',
    ],
  ])('%j', async (argv, message) => {
    seed(cli);
    expectUsage(await cli.run(argv), message, cli);
  });
});

describe('profiles list', () => {
  it('lists profiles sorted, marking the current one, never printing tokens', async () => {
    seed(cli);
    const result = await cli.run(['profiles', 'list']);
    expect(result).toEqual({
      code: 0,
      stdout: `\ta\thttps://app.shiftleft.io\t\tno\n*\tb\t${ORIGIN}\t${ORG}\tyes\n`,
      stderr: '',
    });
    const json = await cli.run(['profiles', 'ls', '-o', 'json']);
    expect(JSON.parse(json.stdout)[1]).toEqual({
      name: 'b',
      current: true,
      base_url: ORIGIN,
      org_id: ORG,
      has_token: true,
    });
    expect(json.stdout).not.toContain('secret-token-1');
  });

  it('prints a table with a header on a terminal', async () => {
    seed(cli);
    const result = await cli.run(['profiles', 'list', '--no-color'], { stdoutTTY: true });
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^CURRENT\s+NAME\s+BASE URL\s+ORG\s+TOKEN$/);
    expect(lines[2]).toMatch(new RegExp(`^\\*\\s+b\\s+${ORIGIN}\\s+${ORG}\\s+yes$`));
  });

  it('prints only --fields', async () => {
    seed(cli);
    const result = await cli.run(['profiles', 'list', '--fields', 'name,has_token']);
    expect(result.stdout).toBe('a\tno\nb\tyes\n');
  });

  it('notes when there are no profiles (terminal)', async () => {
    const result = await cli.run(['profiles', 'list'], { stdoutTTY: true });
    expect(result).toEqual({ code: 0, stdout: '', stderr: 'No profiles yet: run `secscan auth login`.\n' });
  });

  it('exits 3 on a corrupt config file', async () => {
    writeFileSync(join(cli.configDir, 'config.json'), '{"profiles":', { mode: 0o600 });
    const result = await cli.run(['profiles', 'list']);
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/^error: cannot read the configuration in .*config\.json: /);
    expect(result.stderr).toContain('hint: fix or remove the file, or point SECSCAN_CONFIG_DIR elsewhere');
  });
});
