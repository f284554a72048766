import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, typedInput, useCli } from '../../../helpers/cli.js';

const cli = useCli();

describe('integrations chat remove', () => {
  it('needs --yes when nobody can confirm (exit 2, no request)', async () => {
    expectUsage(
      await cli.run(['integrations', 'chat', 'remove'], { env: authEnv() }),
      'Disconnect the chat service (Slack)? Notifications stop and the stored Slack token is revoked: confirmation needed; pass --yes to proceed without a prompt',
      cli,
    );
  });

  it('disconnects with --yes', async () => {
    cli.stub('DeleteSlackConfiguration').reply(200, { ok: true });
    const result = await cli.run(['integrations', 'chat', 'rm', '--yes'], { env: authEnv() });
    expect(result).toEqual({
      code: 0,
      stdout: '',
      stderr: 'Disconnected the chat service (Slack); its stored token is revoked.\n',
    });
  });

  it('asks at a terminal and stops on "n"', async () => {
    const result = await cli.run(['integrations', 'chat', 'remove'], {
      env: authEnv(),
      stdinStream: typedInput('n'),
      stdinTTY: true,
      stderrTTY: true,
    });
    expect(result.code).toBe(2);
    expect(cli.calls()).toEqual([]);
  });

  it('exits 5 when nothing is connected', async () => {
    cli
      .stub('DeleteSlackConfiguration')
      .reply(404, { ok: false, code: 'NOT_FOUND', message: 'the chat service is not connected' });
    const result = await cli.run(['integrations', 'chat', 'remove', '-y'], { env: authEnv() });
    expect(result.code).toBe(5);
    expect(result.stderr).toBe(
      'error: DeleteSlackConfiguration: the chat service is not connected (HTTP 404 NOT_FOUND)\n',
    );
  });
});
