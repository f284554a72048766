import { describe, expect, it } from 'vitest';
import { API, authEnv, expectUsage, ORG, ok, useCli } from '../helpers/cli.js';

const cli = useCli();
const roles = `${API}/orgs/${ORG}/rbac/roles`;
const ROLE_ID = 'b6d1a7f0-1c2d-4e3f-8a9b-0c1d2e3f4a5b';
const role = {
  id: ROLE_ID,
  name: 'Triage',
  description: 'triage findings',
  role_type: 'organization',
  id_aliases: ['triage'],
  scopes: ['findings:list', 'findings:read'],
};
const builtin = {
  id: 'c0ffee00-0000-4000-8000-000000000001',
  name: 'Super Admin',
  role_type: 'organization',
  scopes: ['*:*'],
};

describe('roles: parse errors (exit 2, no request)', () => {
  it.each([
    [['roles', 'create', '--scope', 'findings:list'], '--name is required'],
    [['roles', 'create', '--name', 'x'], 'at least one --scope is required'],
    [
      ['roles', 'create', '--name', 'x', '--scope', 'findings'],
      'invalid scope "findings" for --scope: expected <resource>:<action> or <resource>:*',
    ],
    [
      ['roles', 'create', '--name', 'x', '--scope', 'a:b', '--type', 'global'],
      'invalid value for --type: "global" (choose from team, organization)',
    ],
    [['roles', 'update', 'nope', '--name', 'x'], 'invalid role id "nope": expected a UUID'],
    [
      ['roles', 'update', ROLE_ID],
      'nothing to change: give --name, --description, --scope, --add-scope or --remove-scope',
    ],
    [
      ['roles', 'update', ROLE_ID, '--scope', 'a:b', '--add-scope', 'c:d'],
      '--scope replaces all scopes: do not combine it with --add-scope or --remove-scope',
    ],
    [
      ['roles', 'update', ROLE_ID, '--remove-scope', 'a b:c'],
      'invalid scope "a b:c" for --remove-scope: expected <resource>:<action> or <resource>:*',
    ],
    [['roles', 'update', ROLE_ID, '--name', ''], '--name must not be empty'],
    [['roles', 'delete', '123'], 'invalid role id "123": expected a UUID'],
    [
      ['roles', 'delete', ROLE_ID],
      `Delete role ${ROLE_ID}: confirmation needed; pass --yes to proceed without a prompt`,
    ],
    [
      ['roles', 'list', '--fields', 'label'],
      'unknown field "label" for --fields (choose from id, name, role_type, scope_count, id_aliases, description, scopes)',
    ],
    [
      ['roles', 'list', '--access-token', '--fields', 'scopes'],
      'unknown field "scopes" for --fields (choose from id, label, role_type, description)',
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('roles list', () => {
  it('lists RBAC roles: default columns piped, the scope count computed', async () => {
    cli.api.intercept({ path: roles, method: 'GET' }).reply(200, ok([role, builtin]));
    const result = await cli.run(['roles', 'list'], { env: authEnv() });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      `${ROLE_ID}\tTriage\torganization\t2\ttriage\ttriage findings\n${builtin.id}\tSuper Admin\torganization\t1\t\t\n`,
    );
  });

  it('lists the managed token roles with --access-token', async () => {
    cli.api
      .intercept({ path: `${API}/orgs/${ORG}/roles`, method: 'GET' })
      .reply(
        200,
        ok([{ id: 'ci-role', label: 'CI token', role_type: 'token', description: 'for pipelines' }]),
      );
    const result = await cli.run(['roles', 'ls', '--access-token', '-o', 'ndjson'], { env: authEnv() });
    expect(result.stdout.endsWith('}\n')).toBe(true);
    expect(
      result.stdout
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l)),
    ).toEqual([{ id: 'ci-role', label: 'CI token', role_type: 'token', description: 'for pipelines' }]);
  });

  it('prints yaml with the full objects', async () => {
    cli.api.intercept({ path: roles, method: 'GET' }).reply(200, ok([role]));
    const result = await cli.run(['roles', 'list', '-o', 'yaml'], { env: authEnv() });
    expect(result.stdout).toContain('- id: b6d1a7f0');
    expect(result.stdout).toContain('  scopes:\n    - findings:list\n    - findings:read\n');
  });

  it('maps 403 to exit 4 with the scope hint', async () => {
    cli.api
      .intercept({ path: roles, method: 'GET' })
      .reply(403, { status: 403, code: 'FORBIDDEN', message: 'missing scope roles:list' });
    const result = await cli.run(['roles', 'list'], { env: authEnv() });
    expect(result.code).toBe(4);
    expect(result.stderr).toBe(
      "error: ListOrgRBACRoles: missing scope roles:list (HTTP 403 FORBIDDEN)\nhint: the token's role lacks a scope this needs: see `secscan scopes list`\n",
    );
  });

  it('maps 507 TOO_MUCH_WORK to exit 6', async () => {
    cli.api
      .intercept({ path: roles, method: 'GET' })
      .reply(507, { ok: false, code: 'TOO_MUCH_WORK', message: 'too much' });
    expect((await cli.run(['roles', 'list'], { env: authEnv() })).code).toBe(6);
  });
});

describe('roles create', () => {
  it('posts name, scopes (split, deduplicated) and type', async () => {
    cli.api.intercept({ path: roles, method: 'POST' }).reply(200, ok(role));
    const result = await cli.run(
      [
        'roles',
        'create',
        '--name',
        'Triage',
        '--scope',
        'findings:list,findings:read',
        '--scope',
        'findings:list',
        '--type',
        'organization',
        '-o',
        'json',
      ],
      { env: authEnv() },
    );
    expect(result.code).toBe(0);
    expect(cli.calls()[0]?.body).toEqual({
      name: 'Triage',
      scopes: ['findings:list', 'findings:read'],
      role_type: 'organization',
    });
    expect(JSON.parse(result.stdout)).toEqual(role);
  });

  it('maps 409 to exit 6 with the service message', async () => {
    cli.api
      .intercept({ path: roles, method: 'POST' })
      .reply(409, { status: 409, code: 'CONFLICT', message: 'role name exists' });
    const result = await cli.run(['roles', 'create', '--name', 'Triage', '--scope', 'a:b'], {
      env: authEnv(),
    });
    expect(result.code).toBe(6);
    expect(result.stderr).toBe('error: CreateCustomRBACRole: role name exists (HTTP 409 CONFLICT)\n');
  });
});

describe('roles update', () => {
  it('reads the role list, then PUTs the merged scopes keeping name and description', async () => {
    cli.api.intercept({ path: roles, method: 'GET' }).reply(200, ok([builtin, role]));
    cli.api.intercept({ path: `${roles}/${ROLE_ID}`, method: 'PUT' }).reply(200, { ok: true });
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
    expect(calls.map((c) => c.method)).toEqual(['GET', 'PUT']);
    expect(calls[1]?.body).toEqual({
      name: 'Triage',
      description: 'triage findings',
      scopes: ['findings:list', 'comments:*'],
    });
    expect(JSON.parse(result.stdout).scopes).toEqual(['findings:list', 'comments:*']);
    expect(result.stderr).toBe(`Updated role ${ROLE_ID}.\n`);
  });

  it('replaces all scopes with --scope and renames', async () => {
    cli.api.intercept({ path: roles, method: 'GET' }).reply(200, ok([role]));
    cli.api.intercept({ path: `${roles}/${ROLE_ID}`, method: 'PUT' }).reply(200, { ok: true });
    await cli.run(['roles', 'update', ROLE_ID, '--scope', 'apps:list', '--name', 'Viewer'], {
      env: authEnv(),
    });
    expect(cli.calls()[1]?.body).toEqual({
      name: 'Viewer',
      description: 'triage findings',
      scopes: ['apps:list'],
    });
  });

  it('refuses to remove the last scope without sending the PUT', async () => {
    cli.api
      .intercept({ path: roles, method: 'GET' })
      .reply(200, ok([{ ...role, scopes: ['findings:list'] }]));
    const result = await cli.run(['roles', 'update', ROLE_ID, '--remove-scope', 'findings:list'], {
      env: authEnv(),
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('error: a role needs at least one scope\n');
    expect(cli.calls()).toHaveLength(1);
  });

  it('exits 5 when the role is not in the list', async () => {
    cli.api.intercept({ path: roles, method: 'GET' }).reply(200, ok([builtin]));
    const result = await cli.run(['roles', 'update', ROLE_ID, '--name', 'x'], { env: authEnv() });
    expect(result.code).toBe(5);
    expect(result.stderr.split('\n')[0]).toBe(`error: UpdateRBACRole: no role with id ${ROLE_ID}`);
  });
});

describe('roles delete', () => {
  it('deletes with --yes', async () => {
    cli.api.intercept({ path: `${roles}/${ROLE_ID}`, method: 'DELETE' }).reply(200, { ok: true });
    const result = await cli.run(['roles', 'delete', ROLE_ID, '--yes'], { env: authEnv() });
    expect(result).toEqual({ code: 0, stdout: '', stderr: `Deleted role ${ROLE_ID}.\n` });
  });

  it('retries a DELETE on 503 then succeeds', async () => {
    cli.api
      .intercept({ path: `${roles}/${ROLE_ID}`, method: 'DELETE' })
      .reply(503, {}, { headers: { 'retry-after': '0' } });
    cli.api.intercept({ path: `${roles}/${ROLE_ID}`, method: 'DELETE' }).reply(200, { ok: true });
    expect((await cli.run(['roles', 'rm', ROLE_ID, '--yes'], { env: authEnv() })).code).toBe(0);
  });
});
