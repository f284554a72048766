import { describe, expect, it } from 'vitest';
import { ORG, ORIGIN, ok, TOKEN, useCli } from '../helpers/cli.js';
import { seed } from './profiles/seed.js';

/**
 * `. ./sandbox.env` of a file not written yet, or a CI secret that is missing, leaves variables set to
 * nothing; the settings then come from the profile, and the user is told which variables were empty.
 */
const cli = useCli();
const user = { name: 'Ada', email: 'ada@example.com', idv2: 'u-1', membership: [] };
const profile = {
  current_profile: 'demo',
  profiles: { demo: { base_url: ORIGIN, org_id: ORG, token: TOKEN } },
};

describe('variables set but empty, settings from a profile', () => {
  it.each([
    [
      { SECSCAN_BASE_URL: '', SECSCAN_ORG_ID: '', SECSCAN_TOKEN: '' },
      'warning: SECSCAN_BASE_URL, SECSCAN_ORG_ID, SECSCAN_TOKEN are set but empty: using the settings of profile demo\n',
    ],
    [
      { SHIFTLEFT_ACCESS_TOKEN: ' ' },
      'warning: SHIFTLEFT_ACCESS_TOKEN is set but empty: using the settings of profile demo\n',
    ],
  ])('%j: one warning line naming them, and the command runs', async (env, warning) => {
    seed(cli, profile);
    cli.stub('ReadUser').reply(200, ok(user));
    const result = await cli.run(['whoami'], { env });
    expect(result.stderr).toBe(warning);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('ada@example.com');
  });

  it('says nothing when the variables are unset, or when the empty ones are not needed', async () => {
    seed(cli, profile);
    cli.stub('ReadUser').reply(200, ok(user)).times(2);
    expect((await cli.run(['whoami'])).stderr).toBe('');
    // Every setting from variables: the empty SHIFTLEFT_ACCESS_TOKEN hides nothing.
    const env = { SECSCAN_BASE_URL: ORIGIN, SECSCAN_TOKEN: TOKEN, SHIFTLEFT_ACCESS_TOKEN: '' };
    expect((await cli.run(['whoami'], { env: { ...env, SECSCAN_CONFIG_DIR: '/nonexistent' } })).stderr).toBe(
      '',
    );
  });

  it('is a warning, not silenced by --quiet', async () => {
    seed(cli, profile);
    cli.stub('ReadUser').reply(200, ok(user));
    const result = await cli.run(['-q', 'whoami'], { env: { SECSCAN_TOKEN: '' } });
    expect(result.stderr).toBe(
      'warning: SECSCAN_TOKEN is set but empty: using the settings of profile demo\n',
    );
  });
});
