import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectUsage, ORG, ORIGIN, OTHER_ORG, useCli } from '../../helpers/cli.js';

const cli = useCli();
const file = () => join(cli.configDir, 'config.json');

describe('config list: usage errors (exit 2, no request)', () => {
  it.each([
    [['config', 'list', '--bogus'], "unknown option '--bogus'"],
    [['config', 'list', 'org_id'], "too many arguments for 'list'. Expected 0 arguments but got 1."],
    [
      ['config', 'list', '--fields', 'name'],
      'unknown field "name" for --fields (choose from key, value, source)',
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv), message, cli);
  });
});

describe('config list', () => {
  it('lists each effective setting with its source: flag > SECSCAN_* > SHIFTLEFT_* > profile', async () => {
    writeFileSync(
      file(),
      JSON.stringify({
        profiles: { default: { base_url: 'https://p.example.com', token: 'profile-token-xyz9' } },
      }),
    );
    const env = { SHIFTLEFT_API_HOST: 'sl.example.com', SHIFTLEFT_ORG_ID: OTHER_ORG, SECSCAN_ORG_ID: ORG };
    const result = await cli.run(['config', 'list'], { env });
    expect(result.stdout).toBe(
      [
        'profile\tdefault\tdefault',
        'base_url\thttps://sl.example.com\t$SHIFTLEFT_API_HOST',
        `org_id\t${ORG}\t$SECSCAN_ORG_ID`,
        'token\t****xyz9\tprofile default',
        'ca_file\t\tnone',
        '',
      ].join('\n'),
    );
    const flagged = await cli.run(['config', 'ls', '-o', 'json', '--base-url', ORIGIN, '--org', OTHER_ORG], {
      env,
    });
    expect(JSON.parse(flagged.stdout).slice(1, 3)).toEqual([
      { key: 'base_url', value: ORIGIN, source: '--base-url' },
      { key: 'org_id', value: OTHER_ORG, source: '--org' },
    ]);
  });

  it('exits 3 for bad values from the environment', async () => {
    const result = await cli.run(['config', 'list'], { env: { SECSCAN_ORG_ID: 'acme' } });
    expect(result.code).toBe(3);
    expect(result.stderr).toBe(
      'error: invalid organization id "acme" (from $SECSCAN_ORG_ID): expected a UUID\n',
    );
  });

  it('exits 3 for a bad value in the profile', async () => {
    writeFileSync(file(), JSON.stringify({ profiles: { default: { base_url: 'http://example.com' } } }));
    expect((await cli.run(['config', 'list'])).code).toBe(3);
  });
});
