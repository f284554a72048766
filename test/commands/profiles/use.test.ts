import { describe, expect, it } from 'vitest';
import { expectUsage, useCli } from '../../helpers/cli.js';
import { saved, seed } from './seed.js';

const cli = useCli();

describe('profiles use: usage errors (exit 2, no request)', () => {
  it.each([
    [['profiles', 'use'], "missing required argument 'name'"],
    [['profiles', 'use', 'a', 'b'], "too many arguments for 'use'. Expected 1 argument but got 2."],
    [['profiles', 'use', 'a', '--force'], "unknown option '--force'"],
    [['profiles', 'use', ''], "invalid profile name \"\": letters, digits, '.', '_' and '-'"],
    [['profiles', 'use', 'bad name'], "invalid profile name \"bad name\": letters, digits, '.', '_' and '-'"],
  ])('%j', async (argv, message) => {
    seed(cli);
    expectUsage(await cli.run(argv), message, cli);
    expect(saved(cli).current_profile).toBe('b');
  });
});

describe('profiles use', () => {
  it('switches the current profile', async () => {
    seed(cli);
    expect(await cli.run(['profiles', 'use', 'a'])).toEqual({
      code: 0,
      stdout: '',
      stderr: 'Now using profile a.\n',
    });
    expect(saved(cli).current_profile).toBe('a');
  });

  it('exits 3 for an unknown profile', async () => {
    seed(cli);
    const result = await cli.run(['profiles', 'use', 'zzz']);
    expect(result.code).toBe(3);
    expect(result.stderr).toBe('error: profile "zzz" does not exist\nhint: see `secscan profiles list`\n');
  });
});
