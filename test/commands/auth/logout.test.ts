import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectUsage, ORG, ORIGIN, ok, TOKEN, useCli } from '../../helpers/cli.js';

const cli = useCli();
const saved = () => JSON.parse(readFileSync(join(cli.configDir, 'config.json'), 'utf8'));

describe('auth logout: usage errors (exit 2, no request)', () => {
  it.each([
    [['auth', 'logout', '--all'], "unknown option '--all'"],
    [['auth', 'logout', 'staging'], "too many arguments for 'logout'. Expected 0 arguments but got 1."],
    [
      ['auth', 'logout', '--profile', 'bad name'],
      "invalid profile name \"bad name\": use letters, digits, '.', '_' and '-'",
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv), message, cli);
  });
});

describe('auth logout', () => {
  it('removes the token and keeps the rest of the profile', async () => {
    cli.stub('ReadUser').reply(200, ok({ email: 'ada@example.com' }));
    cli.stub('ListMyOrgScopes').reply(200, ok([]));
    await cli.run(['auth', 'login', '--with-token', '--base-url', ORIGIN], { stdin: TOKEN });
    const result = await cli.run(['auth', 'logout'], { env: { SECSCAN_TOKEN: TOKEN } });
    expect(result.code).toBe(0);
    expect(saved().profiles.default).toEqual({ base_url: ORIGIN, org_id: ORG });
    expect(result.stderr).toBe(
      'Removed the token from profile default.\nwarning: a token is still set in the environment (SECSCAN_TOKEN or SHIFTLEFT_ACCESS_TOKEN) and will be used\n',
    );
  });

  it('does nothing without a token', async () => {
    expect(await cli.run(['auth', 'logout'])).toEqual({
      code: 0,
      stdout: '',
      stderr: 'Profile default holds no token: nothing to do.\n',
    });
  });
});
