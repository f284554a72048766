import { describe, expect, it } from 'vitest';
import { expectUsage, typedInput, useCli } from '../../helpers/cli.js';
import { saved, seed } from './seed.js';

const cli = useCli();

describe('profiles remove: usage errors (exit 2, no request)', () => {
  it.each([
    [['profiles', 'remove'], "missing required argument 'name'"],
    [
      ['profiles', 'remove', 'b'],
      'Remove profile b and its token: confirmation needed; pass --yes to proceed without a prompt',
    ],
  ])('%j', async (argv, message) => {
    seed(cli);
    expectUsage(await cli.run(argv), message, cli);
    expect(saved(cli).profiles.b).toBeDefined();
  });
});

describe('profiles remove', () => {
  it('removes a profile with --yes', async () => {
    seed(cli);
    const result = await cli.run(['profiles', 'rm', 'b', '--yes']);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('Removed profile b.\n');
    expect(saved(cli)).toEqual({ profiles: { a: {} } });
  });

  it('asks on a terminal and keeps the profile on "n"', async () => {
    seed(cli);
    const result = await cli.run(['profiles', 'remove', 'b'], {
      stdinStream: typedInput('n'),
      stdinTTY: true,
      stderrTTY: true,
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Remove profile b and its token? [y/N] ');
    expect(result.stderr).toContain('error: cancelled\n');
    expect(saved(cli).profiles.b).toBeDefined();
  });

  it('exits 3 for an unknown profile, before asking', async () => {
    seed(cli);
    const result = await cli.run(['profiles', 'remove', 'zzz']);
    expect(result.code).toBe(3);
    expect(result.stderr).toBe('error: profile "zzz" does not exist\nhint: see `secscan profiles list`\n');
  });
});
