import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, useCli } from '../../helpers/cli.js';
import { ROLE_ID } from './fixtures.js';

const cli = useCli();

describe('roles delete: usage errors (exit 2, no request)', () => {
  it.each([
    [['roles', 'delete', '123'], 'invalid role id "123": expected a UUID'],
    [['roles', 'delete'], "missing required argument 'id'"],
    [
      ['roles', 'delete', ROLE_ID],
      `Delete role ${ROLE_ID}: confirmation needed; pass --yes to proceed without a prompt`,
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('roles delete', () => {
  it('deletes with --yes', async () => {
    cli.stub('DeleteCustomRBACRole', { path: { rbacRoleID: ROLE_ID } }).reply(200, { ok: true });
    const result = await cli.run(['roles', 'delete', ROLE_ID, '--yes'], { env: authEnv() });
    expect(result).toEqual({ code: 0, stdout: '', stderr: `Deleted role ${ROLE_ID}.\n` });
  });

  it('retries a DELETE on 503 then succeeds', async () => {
    cli
      .stub('DeleteCustomRBACRole', { path: { rbacRoleID: ROLE_ID } })
      .reply(503, {}, { headers: { 'retry-after': '0' } });
    cli.stub('DeleteCustomRBACRole', { path: { rbacRoleID: ROLE_ID } }).reply(200, { ok: true });
    expect((await cli.run(['roles', 'rm', ROLE_ID, '--yes'], { env: authEnv() })).code).toBe(0);
  });
});
