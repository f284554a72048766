import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, useCli } from '../../helpers/cli.js';

const cli = useCli();

describe('app-groups delete: usage errors (exit 2, no request)', () => {
  it.each([
    [
      ['app-groups', 'delete', 'g'],
      'Delete app group g: confirmation needed; pass --yes to proceed without a prompt',
    ],
    [['app-groups', 'delete', '', '--yes'], 'app group name must not be empty'],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('app-groups delete', () => {
  it('deletes with --yes', async () => {
    cli.stub('DeleteAppGroup', { path: { appGroupName: 'web' } }).reply(200, { ok: true });
    const r = await cli.run(['app-groups', 'rm', 'web', '--yes'], { env: authEnv() });
    expect(r).toEqual({ code: 0, stdout: '', stderr: 'Deleted app group web.\n' });
  });
});
