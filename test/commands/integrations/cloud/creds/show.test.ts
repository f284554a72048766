import { describe, expect, it } from 'vitest';
import { authEnv, useCli } from '../../../../helpers/cli.js';
import { baseFormatNames } from '../../../../../src/output/base/index.js';

const cli = useCli();
const stored = {
  client_id: 'cid',
  auth_url: 'https://auth.example/token',
  api_url: 'https://api.example/graphql',
};

describe('integrations cloud creds show', () => {
  it('prints the client id and the addresses', async () => {
    cli.stub('getWizCreds').reply(200, stored);
    const result = await cli.run(['integrations', 'cloud', 'creds', 'show'], { env: authEnv() });
    expect(result).toEqual({
      code: 0,
      stdout: 'client_id\tcid\nauth_url\thttps://auth.example/token\napi_url\thttps://api.example/graphql\n',
      stderr: '',
    });
  });

  it.each(baseFormatNames)('never prints a client secret the service returns (-o %s)', async (format) => {
    cli.stub('getWizCreds').reply(200, { ...stored, client_secret: 'TOP-SECRET-VALUE' });
    const result = await cli.run(['integrations', 'cloud', 'creds', 'show', '-o', format, '--debug'], {
      env: authEnv(),
    });
    expect(result.code).toBe(0);
    expect(result.stdout + result.stderr).not.toContain('TOP-SECRET-VALUE');
    if (format === 'json') expect(JSON.parse(result.stdout).client_secret).toBe('[redacted]');
  });

  it('an empty answer says so instead of printing empty fields as if read', async () => {
    cli.stub('getWizCreds').reply(200, '');
    const result = await cli.run(['integrations', 'cloud', 'creds', 'show', '-o', 'json'], {
      env: authEnv(),
    });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({});
    expect(result.stderr).toBe('warning: the service confirmed stored credentials without their details\n');
  });

  it('exits 5 with a hint when nothing is stored', async () => {
    cli.stub('getWizCreds').reply(404, { ok: false, code: 'NOT_FOUND', message: 'Credentials Not Found' });
    const result = await cli.run(['integrations', 'cloud', 'creds', 'show'], { env: authEnv() });
    expect(result.code).toBe(5);
    expect(result.stderr).toBe(
      'error: getWizCreds: Credentials Not Found (HTTP 404 NOT_FOUND)\n' +
        'hint: store them with `secscan integrations cloud creds set`\n',
    );
  });

  it('a wrong-shaped answer exits 8', async () => {
    cli.stub('getWizCreds').reply(200, { client_id: 42 });
    const result = await cli.run(['integrations', 'cloud', 'creds', 'show'], { env: authEnv() });
    expect(result.code).toBe(8);
    expect(result.stdout).toBe('');
  });
});
