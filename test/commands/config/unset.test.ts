import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectUsage, ORG, ORIGIN, useCli } from '../../helpers/cli.js';

const cli = useCli();
const saved = () => JSON.parse(readFileSync(join(cli.configDir, 'config.json'), 'utf8'));

describe('config unset: usage errors (exit 2, no request)', () => {
  it.each([
    [
      ['config', 'unset', 'token'],
      'tokens are never taken from the command line: use `secscan auth login --with-token < file`',
    ],
    [['config', 'unset', 'profile'], 'unknown setting "profile" (choose from base_url, org_id, ca_file)'],
    [['config', 'unset'], "missing required argument 'key'"],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv), message, cli);
  });
});

describe('config unset', () => {
  it('removes one setting from the profile', async () => {
    await cli.run(['config', 'set', 'base_url', ORIGIN]);
    await cli.run(['config', 'set', 'org_id', ORG]);
    const result = await cli.run(['config', 'unset', 'org_id']);
    expect(result).toEqual({ code: 0, stdout: '', stderr: 'Removed org_id from profile default.\n' });
    expect(saved().profiles.default).toEqual({ base_url: ORIGIN });
  });

  it('does nothing for a profile that does not exist', async () => {
    expect(await cli.run(['--profile', 'ghost', 'config', 'unset', 'org_id'])).toEqual({
      code: 0,
      stdout: '',
      stderr: 'Profile ghost does not exist: nothing to do.\n',
    });
  });
});
