import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectUsage, ORG, ORIGIN, useCli } from '../../helpers/cli.js';

const cli = useCli();
const file = () => join(cli.configDir, 'config.json');
const saved = () => JSON.parse(readFileSync(file(), 'utf8'));

describe('config set: usage errors (exit 2, no request)', () => {
  it.each([
    [
      ['config', 'set', 'token', 'abc'],
      'tokens are never taken from the command line: use `secscan auth login --with-token < file`',
    ],
    [['config', 'set', 'color', 'on'], 'unknown setting "color" (choose from base_url, org_id, ca_file)'],
    [
      ['config', 'set', 'org_id', 'acme'],
      'invalid organization id "acme" (from config set org_id): expected a UUID',
    ],
    [
      ['config', 'set', 'org_id', 'notauuid'],
      'invalid organization id "notauuid" (from config set org_id): expected a UUID',
    ],
    [
      ['config', 'set', 'base_url', 'not a url'],
      'invalid service address "not a url" (from config set base_url): not a URL (e.g. https://app.shiftleft.io)',
    ],
    [
      ['config', 'set', 'base_url', 'http://10.1.1.1'],
      'invalid service address "http://10.1.1.1" (from config set base_url): plain http is refused for non-loopback hosts; use https or pass --allow-insecure-http',
    ],
    [['config', 'set', 'org_id'], "missing required argument 'value'"],
    [
      ['config', 'set', 'ca_file', '/nonexistent/ca.pem'],
      'ca_file: cannot read /nonexistent/ca.pem: no such file',
    ],
    [
      ['config', 'set', 'ca_file', '/etc/hostname'],
      'ca_file: /etc/hostname holds no PEM certificate (-----BEGIN CERTIFICATE-----)',
    ],
    [
      ['config', 'set', '--profile', 'bad name', 'org_id', ORG],
      "invalid profile name \"bad name\": use letters, digits, '.', '_' and '-'",
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv), message, cli);
  });
});

describe('config set', () => {
  it('ca_file: stores the absolute path of a PEM file, which config get and config list show', async () => {
    const pem = join(cli.configDir, '..', 'corp-ca.pem');
    writeFileSync(pem, '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n');
    expect((await cli.run(['config', 'set', 'ca_file', pem])).code).toBe(0);
    expect(saved().profiles.default.ca_file).toBe(resolve(pem));
    expect((await cli.run(['config', 'get', 'ca_file'])).stdout).toBe(`${resolve(pem)}\n`);
    expect((await cli.run(['config', 'get', 'ca_file'], { env: { SECSCAN_CA_FILE: '/x.pem' } })).stdout).toBe(
      '/x.pem\n',
    );
  });

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
  });

  it('writes to the profile named by --profile, keeping the current one', async () => {
    await cli.run(['config', 'set', 'org_id', ORG]);
    expect((await cli.run(['--profile', 'ci', 'config', 'set', 'base_url', ORIGIN])).code).toBe(0);
    expect(saved()).toEqual({
      profiles: { default: { org_id: ORG }, ci: { base_url: ORIGIN } },
      current_profile: 'default',
    });
  });

  it('allows plain http to another host with --allow-insecure-http', async () => {
    expect(
      (await cli.run(['config', 'set', 'base_url', 'http://10.1.1.1', '--allow-insecure-http'])).code,
    ).toBe(0);
  });
});
