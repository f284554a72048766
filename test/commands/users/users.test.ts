import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../../helpers/cli.js';

const cli = useCli();
const ID = '61f9da5b-d316-419d-a206-1a006ae9e3a5';
const peter = {
  name: 'Peter Gibbons',
  email: 'peter@example.com',
  id_v2: ID,
  team_membership: [
    { team_name: '', team_id: '', role: 'r1', role_name: 'Team Defined', role_aliases: ['TEAM_DEFINED'] },
    {
      team_name: 'ATeam',
      team_id: 't1',
      role: 'r2',
      role_name: 'Power User',
      role_aliases: ['POWER_USER', 'TEAM_ADMIN'],
    },
  ],
};

describe('users: usage errors (exit 2, no request)', () => {
  it.each([
    [['users', 'list'], '--email is required (the service looks users up by e-mail address)'],
    [
      ['users', 'list', '--email', 'peter'],
      'invalid value for --email: "peter" (expected an e-mail address)',
    ],
    [['users', 'update', 'peter@example.com'], '--role is required'],
    [
      ['users', 'update', 'peter@example.com', '--role', 'ADMIN'],
      'invalid value for --role: "ADMIN" (choose from SUPER_ADMIN, POWER_USER, MEMBER, GUEST, TEAM_DEFINED)',
    ],
    [
      ['users', 'update', 'peter', '--role', 'MEMBER'],
      'invalid user "peter": expected an e-mail or a user id',
    ],
    [
      ['users', 'delete', 'peter@example.com'],
      'Remove peter@example.com from the organization? The user loses every access: confirmation needed; pass --yes to proceed without a prompt',
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('users', () => {
  it('list looks each address up and shows the organization role and the teams', async () => {
    cli.stub('ListOrgRBACUsers', { query: { email: 'peter@example.com' } }).reply(200, ok([peter]));
    cli.stub('ListOrgRBACUsers', { query: { email: 'nobody@example.com' } }).reply(200, ok([]));
    const result = await cli.run(
      ['users', 'list', '--email', 'peter@example.com', '--email', 'nobody@example.com'],
      {
        env: authEnv(),
      },
    );
    expect(result.stdout).toBe(`${ID}\tpeter@example.com\tPeter Gibbons\tTEAM_DEFINED\tATeam (TEAM_ADMIN)\n`);
  });

  it('update resolves the e-mail, then sets the organization role', async () => {
    cli.stub('ListOrgRBACUsers', { query: { email: 'peter@example.com' } }).reply(200, ok([peter]));
    cli
      .stub('UpdateOrgUser', { path: { userIDv2: ID }, body: { org_role: 'MEMBER' } })
      .reply(200, { ok: true });
    const result = await cli.run(['users', 'update', 'peter@example.com', '--role', 'MEMBER'], {
      env: authEnv(),
    });
    expect(result).toEqual({
      code: 0,
      stdout: '',
      stderr: 'peter@example.com now has the organization role MEMBER.\n',
    });
  });

  it('update exits 5 for an unknown e-mail, without writing', async () => {
    cli.stub('ListOrgRBACUsers', { query: { email: 'ghost@example.com' } }).reply(200, ok([]));
    const result = await cli.run(['users', 'update', 'ghost@example.com', '--role', 'MEMBER'], {
      env: authEnv(),
    });
    expect(result.code).toBe(5);
    expect(cli.calls()).toHaveLength(1);
  });

  it('delete by id; a fellow admin is refused (409, exit 6)', async () => {
    cli.stub('DeleteOrgUser', { path: { userIDv2: ID } }).reply(409, {
      ok: false,
      code: 'CANNOT_DELETE_FELLOW_ADMIN',
      message: 'The target user is a fellow admin and cannot be deleted',
    });
    const result = await cli.run(['users', 'delete', ID, '--yes'], { env: authEnv() });
    expect(result.code).toBe(6);
    expect(result.stderr).toBe(
      'error: DeleteOrgUser: The target user is a fellow admin and cannot be deleted (HTTP 409 CANNOT_DELETE_FELLOW_ADMIN)\n',
    );
  });

  it('invitations shows the invitation time from nanoseconds', async () => {
    cli.stub('ListOrgRBACInvitations').reply(
      200,
      ok([
        {
          name: 'Peter',
          email: 'peter@example.com',
          role: 'r1',
          invited_utc_timestamp: 1704067200000000000,
        },
      ]),
    );
    cli.stub('ListOrgRBACRoles').reply(
      200,
      ok([
        { id: 'r1', name: 'Team Defined', id_aliases: ['TEAM_DEFINED'], scopes: [] },
        { id: 'r2', name: 'Member', id_aliases: ['MEMBER', 'TEAM_MEMBER'], scopes: [] },
      ]),
    );
    const result = await cli.run(['users', 'invitations'], { env: authEnv() });
    expect(result.stdout).toBe('peter@example.com\tPeter\tTEAM_DEFINED\t2024-01-01T00:00:00.000Z\n');
  });

  it('invitations names each role as a person knows it; the id stays a field', async () => {
    const invitation = { name: 'Peter', email: 'peter@example.com', role: 'r2', invited_utc_timestamp: 0 };
    cli.stub('ListOrgRBACInvitations').reply(200, ok([invitation]));
    cli
      .stub('ListOrgRBACRoles')
      .reply(200, ok([{ id: 'r2', name: 'Member', id_aliases: ['MEMBER', 'TEAM_MEMBER'], scopes: [] }]));
    const result = await cli.run(['users', 'invitations', '--fields', 'email,role,role_id'], {
      env: authEnv(),
    });
    expect(result.stdout).toBe('peter@example.com\tMEMBER\tr2\n');
  });

  it('invitations shows role ids when the token may not list roles', async () => {
    const invitation = { name: 'Peter', email: 'peter@example.com', role: 'r2', invited_utc_timestamp: 0 };
    cli.stub('ListOrgRBACInvitations').reply(200, ok([invitation]));
    cli
      .stub('ListOrgRBACRoles')
      .reply(403, { status: 403, code: 'FORBIDDEN', message: 'missing scope roles:list' });
    const result = await cli.run(['users', 'invitations'], { env: authEnv() });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('peter@example.com\tPeter\tr2\t\n');
  });
});
