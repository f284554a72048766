import { describe, expect, it } from 'vitest';
import { expectUsage, jwt, ORIGIN, OTHER_ORG, TOKEN, useCli } from '../../helpers/cli.js';

const cli = useCli();

describe('config get: usage errors (exit 2, no request)', () => {
  it.each([
    [
      ['config', 'get', 'password'],
      'invalid key "password" (choose from profile, base_url, org_id, token, ca_file)',
    ],
    [['config', 'get'], "missing required argument 'key'"],
    [['config', 'get', 'org_id', 'token'], "too many arguments for 'get'. Expected 1 argument but got 2."],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv), message, cli);
  });
});

describe('config get', () => {
  it('prints one effective setting', async () => {
    expect(await cli.run(['config', 'get', 'base_url'], { env: { SECSCAN_BASE_URL: `${ORIGIN}/` } })).toEqual(
      {
        code: 0,
        stdout: `${ORIGIN}\n`,
        stderr: '',
      },
    );
  });

  it('falls back to the token claim for the organization and masks the token', async () => {
    const token = jwt({ orgID: OTHER_ORG });
    expect(
      (await cli.run(['config', 'get', 'org_id'], { env: { SHIFTLEFT_ACCESS_TOKEN: token } })).stdout,
    ).toBe(`${OTHER_ORG}\n`);
    const masked = await cli.run(['config', 'get', 'token'], { env: { SECSCAN_TOKEN: TOKEN } });
    expect(masked.stdout).toBe(`****${TOKEN.slice(-4)}\n`);
  });

  it('prints nothing for a setting that has no value', async () => {
    expect(await cli.run(['config', 'get', 'org_id'])).toEqual({ code: 0, stdout: '', stderr: '' });
  });
});
