import { describe, expect, it } from 'vitest';
import { authEnv, ok, useCli } from '../../../helpers/cli.js';

const cli = useCli();

describe('integrations board status', () => {
  it('authorized: the 200 answer, with what it carries', async () => {
    cli.stub('GetAzureAuthorizationStatus').reply(200, ok({ authorized_at: '2026-01-02T03:04:05Z' }));
    const result = await cli.run(['integrations', 'board', 'status', '-o', 'json'], { env: authEnv() });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ authorized: true, authorized_at: '2026-01-02T03:04:05Z' });
  });

  it('authorized: a bare {ok: true} is enough', async () => {
    cli.stub('GetAzureAuthorizationStatus').reply(200, { ok: true });
    const result = await cli.run(['integrations', 'board', 'status', '--fields', 'authorized'], {
      env: authEnv(),
    });
    expect(result).toEqual({ code: 0, stdout: 'authorized\ttrue\n', stderr: '' });
  });

  it('not authorized (404): says so and exits 0', async () => {
    cli
      .stub('GetAzureAuthorizationStatus')
      .reply(404, { ok: false, code: 'NOT_FOUND', message: 'not authorized' });
    const result = await cli.run(['integrations', 'board', 'status', '-o', 'json'], { env: authEnv() });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ authorized: false });
    expect(result.stderr).toBe('Authorize it with `secscan integrations board authorize`.\n');
  });

  it('a refusal is an error, not "not authorized" (exit 4)', async () => {
    cli.stub('GetAzureAuthorizationStatus').reply(403, { ok: false, code: 'FORBIDDEN', message: 'no' });
    const result = await cli.run(['integrations', 'board', 'status'], { env: authEnv() });
    expect(result.code).toBe(4);
    expect(result.stdout).toBe('');
  });

  it('an answer without the envelope exits 8', async () => {
    cli.stub('GetAzureAuthorizationStatus').reply(200, ['authorized']);
    const result = await cli.run(['integrations', 'board', 'status'], { env: authEnv() });
    expect(result.code).toBe(8);
    expect(result.stdout).toBe('');
  });
});
