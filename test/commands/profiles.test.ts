import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectUsage, ORG, ORIGIN, useCli } from '../helpers/cli.js';

const cli = useCli();
const seed = (data: unknown) =>
  writeFileSync(join(cli.configDir, 'config.json'), JSON.stringify(data), { mode: 0o600 });
const saved = () => JSON.parse(readFileSync(join(cli.configDir, 'config.json'), 'utf8'));
const two = {
  current_profile: 'b',
  profiles: { b: { base_url: ORIGIN, org_id: ORG, token: 'secret-token-1' }, a: {} },
};

describe('profiles', () => {
  it('lists profiles sorted, marking the current one, never printing tokens', async () => {
    seed(two);
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

  it('notes when there are no profiles (terminal)', async () => {
    const result = await cli.run(['profiles', 'list'], { stdoutTTY: true });
    expect(result).toEqual({ code: 0, stdout: '', stderr: 'No profiles yet: run `secscan auth login`.\n' });
  });

  it('switches the current profile', async () => {
    seed(two);
    expect(await cli.run(['profiles', 'use', 'a'])).toEqual({
      code: 0,
      stdout: '',
      stderr: 'Now using profile a.\n',
    });
    expect(saved().current_profile).toBe('a');
  });

  it('exits 3 for an unknown profile', async () => {
    seed(two);
    const result = await cli.run(['profiles', 'use', 'zzz']);
    expect(result.code).toBe(3);
    expect(result.stderr).toBe('error: profile "zzz" does not exist\nhint: see `secscan profiles list`\n');
  });

  it('removes a profile only with --yes when not interactive', async () => {
    seed(two);
    expectUsage(
      await cli.run(['profiles', 'remove', 'b']),
      'Remove profile b and its token: confirmation needed; pass --yes to proceed without a prompt',
      cli,
    );
    expect(saved().profiles.b).toBeDefined();
    const result = await cli.run(['profiles', 'rm', 'b', '--yes']);
    expect(result.code).toBe(0);
    expect(saved()).toEqual({ profiles: { a: {} } });
  });

  it('exits 3 on a corrupt config file', async () => {
    writeFileSync(join(cli.configDir, 'config.json'), '{"profiles":', { mode: 0o600 });
    const result = await cli.run(['profiles', 'list']);
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/^error: cannot read the configuration in .*config\.json: /);
    expect(result.stderr).toContain('hint: fix or remove the file, or point SECSCAN_CONFIG_DIR elsewhere');
  });
});
