import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, useCli } from '../../../helpers/cli.js';

const cli = useCli();

describe('integrations board unlink', () => {
  it('needs --yes when nobody can confirm', async () => {
    expectUsage(
      await cli.run(['integrations', 'board', 'unlink', 'a'], { env: authEnv() }),
      'Unlink a from its work-board project? Its findings can no longer be submitted: confirmation needed; pass --yes to proceed without a prompt',
      cli,
    );
  });

  it('deletes the association', async () => {
    cli.stub('DeleteAzureboardAssociation', { path: { appID: 'a' } }).reply(200, { ok: true });
    const result = await cli.run(['integrations', 'board', 'unlink', 'a', '--yes'], { env: authEnv() });
    expect(result).toEqual({ code: 0, stdout: '', stderr: 'Unlinked a from the work board.\n' });
  });

  it('exits 5 for an app without a link', async () => {
    cli
      .stub('DeleteAzureboardAssociation', { path: { appID: 'a' } })
      .reply(404, { ok: false, code: 'NOT_FOUND', message: 'no link' });
    const result = await cli.run(['integrations', 'board', 'unlink', 'a', '--yes'], { env: authEnv() });
    expect(result.code).toBe(5);
  });
});
