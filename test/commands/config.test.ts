import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectUsage, jwt, ORG, ORIGIN, OTHER_ORG, TOKEN, useCli } from '../helpers/cli.js';

const cli = useCli();
const file = () => join(cli.configDir, 'config.json');
const saved = () => JSON.parse(readFileSync(file(), 'utf8'));

describe('config: parse errors (exit 2)', () => {
  it.each([
    [
      ['config', 'set', 'token', 'abc'],
      'tokens are never taken from the command line: use `secscan auth login --with-token < file`',
    ],
    [['config', 'set', 'color', 'on'], 'unknown setting "color" (choose from base_url, org_id)'],
    [
      ['config', 'set', 'org_id', 'acme'],
      'invalid organization id "acme" (from the command line): expected a UUID',
    ],
    [
      ['config', 'set', 'base_url', 'http://10.1.1.1'],
      'invalid service address "http://10.1.1.1" (from the command line): plain http is refused for non-loopback hosts; use https or pass --allow-insecure-http',
    ],
    [
      ['config', 'get', 'password'],
      'unknown setting "password" (choose from profile, base_url, org_id, token)',
    ],
    [
      ['config', 'unset', 'token'],
      'tokens are never taken from the command line: use `secscan auth login --with-token < file`',
    ],
    [['config', 'set', 'org_id'], "missing required argument 'value'"],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv), message, cli);
  });
});

describe('config set, get, unset, list', () => {
  it('stores values in the current profile with a 0600 file and reads them back', async () => {
    expect((await cli.run(['config', 'set', 'base_url', `${ORIGIN}/`])).stderr).toBe(
      'Set base_url in profile default.\n',
    );
    await cli.run(['config', 'set', 'org_id', ORG.toUpperCase()]);
    expect(saved()).toEqual({
      profiles: { default: { base_url: ORIGIN, org_id: ORG } },
      current_profile: 'default',
    });
    expect(statSync(file()).mode & 0o777).toBe(0o600);
    expect(statSync(cli.configDir).mode & 0o777).toBe(0o700);
    expect(await cli.run(['config', 'get', 'base_url'])).toEqual({
      code: 0,
      stdout: `${ORIGIN}\n`,
      stderr: '',
    });
    await cli.run(['config', 'unset', 'org_id']);
    expect(saved().profiles.default).toEqual({ base_url: ORIGIN });
  });

  it('allows plain http to another host with --allow-insecure-http', async () => {
    expect(
      (await cli.run(['config', 'set', 'base_url', 'http://10.1.1.1', '--allow-insecure-http'])).code,
    ).toBe(0);
  });

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
        '',
      ].join('\n'),
    );
    const flagged = await cli.run(
      ['config', 'list', '-o', 'json', '--base-url', ORIGIN, '--org', OTHER_ORG],
      { env },
    );
    expect(JSON.parse(flagged.stdout).slice(1, 3)).toEqual([
      { key: 'base_url', value: ORIGIN, source: '--base-url' },
      { key: 'org_id', value: OTHER_ORG, source: '--org' },
    ]);
  });

  it('falls back to the token claim for the organization and masks the token', async () => {
    const token = jwt({ orgID: OTHER_ORG });
    expect(
      (await cli.run(['config', 'get', 'org_id'], { env: { SHIFTLEFT_ACCESS_TOKEN: token } })).stdout,
    ).toBe(`${OTHER_ORG}\n`);
    const masked = await cli.run(['config', 'get', 'token'], { env: { SECSCAN_TOKEN: TOKEN } });
    expect(masked.stdout).toBe(`****${TOKEN.slice(-4)}\n`);
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
