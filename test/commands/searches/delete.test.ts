import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, useCli } from '../../helpers/cli.js';

const cli = useCli();
const ID = '6f1c2d3e-0000-4000-8000-000000000001';

describe('searches delete: usage errors (exit 2, no request)', () => {
  it.each([
    [
      ['searches', 'delete', ID],
      `Delete saved search ${ID}: confirmation needed; pass --yes to proceed without a prompt`,
    ],
    [['searches', 'delete'], "missing required argument 'id'"],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('searches delete', () => {
  it('deletes with --yes (204, no body)', async () => {
    cli.stub('DeleteSavedSearch', { path: { searchID: ID } }).reply(204, '');
    const r = await cli.run(['searches', 'rm', ID, '--yes'], { env: authEnv() });
    expect(r).toEqual({ code: 0, stdout: '', stderr: `Deleted saved search ${ID}.\n` });
  });

  it('maps an unknown search to exit 5', async () => {
    cli
      .stub('DeleteSavedSearch', { path: { searchID: ID } })
      .reply(404, { ok: false, code: 'NOT_FOUND', message: `you have no saved search ${ID}` });
    const r = await cli.run(['searches', 'delete', ID, '--yes'], { env: authEnv() });
    expect(r.code).toBe(5);
  });
});
