import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../../helpers/cli.js';
import { builtin, role, ROLE_ID } from './fixtures.js';

const cli = useCli();

describe('roles update: usage errors (exit 2, no request)', () => {
  it.each([
    [['roles', 'update', 'nope', '--name', 'x'], 'invalid role id "nope": expected a UUID'],
    [['roles', 'update', '--name', 'x'], "missing required argument 'id'"],
    [
      ['roles', 'update', ROLE_ID],
      'nothing to change: give --name, --description, --scope, --add-scope or --remove-scope',
    ],
    [
      ['roles', 'update', ROLE_ID, '--scope', 'a:b', '--add-scope', 'c:d'],
      '--scope and --add-scope cannot be used together',
    ],
    [
      ['roles', 'update', ROLE_ID, '--remove-scope', 'c:d', '--scope', 'a:b'],
      '--scope and --remove-scope cannot be used together',
    ],
    [
      ['roles', 'update', ROLE_ID, '--remove-scope', 'a b:c'],
      'invalid scope "a b:c" for --remove-scope: expected <resource>:<action> or <resource>:*',
    ],
    [
      ['roles', 'update', ROLE_ID, '--add-scope', '*:list'],
      'invalid scope "*:list" for --add-scope: expected <resource>:<action> or <resource>:*',
    ],
    [['roles', 'update', ROLE_ID, '--name', ''], '--name must not be empty'],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('roles update', () => {
  it('reads the role list, then PUTs the merged scopes keeping name and description', async () => {
    cli.stub('ListAvailableRBACScopes').reply(200, ok(['comments:create', 'findings:list']));
    cli.stub('ListOrgRBACRoles').reply(200, ok([builtin, role]));
    cli.stub('UpdateRBACRole', { path: { rbacRoleID: ROLE_ID } }).reply(200, { ok: true });
    const result = await cli.run(
      [
        'roles',
        'update',
        ROLE_ID,
        '--add-scope',
        'comments:*',
        '--add-scope',
        'findings:list',
        '--remove-scope',
        'findings:read',
        '-o',
        'json',
      ],
      { env: authEnv() },
    );
    expect(result.code).toBe(0);
    const calls = cli.calls();
    expect(calls.map((c) => c.method)).toEqual(['GET', 'GET', 'PUT']);
    expect(calls[2]?.body).toEqual({
      name: 'Triage',
      description: 'triage findings',
      scopes: ['findings:list', 'comments:*'],
    });
    expect(JSON.parse(result.stdout).scopes).toEqual(['findings:list', 'comments:*']);
    expect(result.stderr).toBe(`Updated role ${ROLE_ID}.\n`);
  });

  it('replaces all scopes with --scope and renames', async () => {
    cli.stub('ListAvailableRBACScopes').reply(200, ok(['apps:list']));
    cli.stub('ListOrgRBACRoles').reply(200, ok([role]));
    cli
      .stub('UpdateRBACRole', {
        path: { rbacRoleID: ROLE_ID },
        body: { name: 'Viewer', description: 'triage findings', scopes: ['apps:list'] },
      })
      .reply(200, { ok: true });
    await cli.run(['roles', 'update', ROLE_ID, '--scope', 'apps:list', '--name', 'Viewer'], {
      env: authEnv(),
    });
    expect(cli.calls()[2]?.body).toEqual({
      name: 'Viewer',
      description: 'triage findings',
      scopes: ['apps:list'],
    });
  });

  it('clears the description with --description ""', async () => {
    cli.stub('ListOrgRBACRoles').reply(200, ok([role]));
    cli
      .stub('UpdateRBACRole', {
        path: { rbacRoleID: ROLE_ID },
        body: { name: 'Triage', description: '', scopes: role.scopes },
      })
      .reply(200, { ok: true });
    const result = await cli.run(['roles', 'update', ROLE_ID, '--description', ''], { env: authEnv() });
    expect(result.code).toBe(0);
  });

  it('refuses to remove the last scope without sending the PUT', async () => {
    cli.stub('ListOrgRBACRoles').reply(200, ok([{ ...role, scopes: ['findings:list'] }]));
    const result = await cli.run(['roles', 'update', ROLE_ID, '--remove-scope', 'findings:list'], {
      env: authEnv(),
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('error: a role needs at least one scope\n');
    expect(cli.calls()).toHaveLength(1);
  });

  it('exits 5 when the role is not in the list', async () => {
    cli.stub('ListOrgRBACRoles').reply(200, ok([builtin]));
    const result = await cli.run(['roles', 'update', ROLE_ID, '--name', 'x'], { env: authEnv() });
    expect(result.code).toBe(5);
    expect(result.stderr.split('\n')[0]).toBe(`error: UpdateRBACRole: no role with id ${ROLE_ID}`);
  });

  it('refuses an added scope the organization does not offer, before the write; removed ones are not checked', async () => {
    cli.stub('ListAvailableRBACScopes').reply(200, ok(['findings:list']));
    const result = await cli.run(
      ['roles', 'update', ROLE_ID, '--add-scope', 'nosuch:*', '--remove-scope', 'gone:read'],
      { env: authEnv() },
    );
    expect(result.code).toBe(2);
    expect(result.stderr.split('\n')[0]).toBe(
      'error: unknown scope "nosuch:*" for --add-scope: the organization does not offer it',
    );
    expect(cli.calls().map((c) => c.method)).toEqual(['GET']);
  });
});
