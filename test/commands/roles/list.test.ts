import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../../helpers/cli.js';
import { builtin, role, ROLE_ID } from './fixtures.js';

const cli = useCli();

describe('roles list: usage errors (exit 2, no request)', () => {
  it.each([
    [
      ['roles', 'list', '--fields', 'label'],
      'unknown field "label" for --fields (choose from id, name, role_type, scope_count, id_aliases, description, scopes)',
    ],
    [
      ['roles', 'list', '--access-token', '--fields', 'scopes'],
      'unknown field "scopes" for --fields (choose from id, label, role_type, description)',
    ],
    [['roles', 'list', '--bogus'], "unknown option '--bogus'"],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('roles list', () => {
  it('lists RBAC roles: default columns piped, the scope count computed', async () => {
    cli.stub('ListOrgRBACRoles').reply(200, ok([role, builtin]));
    const result = await cli.run(['roles', 'list'], { env: authEnv() });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      `${ROLE_ID}\tTriage\torganization\t2\ttriage\ttriage findings\n${builtin.id}\tSuper Admin\torganization\t1\t\t\n`,
    );
  });

  it('lists the managed token roles with --access-token', async () => {
    cli
      .stub('ListRoles')
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
    cli.stub('ListOrgRBACRoles').reply(200, ok([role]));
    const result = await cli.run(['roles', 'list', '-o', 'yaml'], { env: authEnv() });
    expect(result.stdout).toContain('- id: b6d1a7f0');
    expect(result.stdout).toContain('  scopes:\n    - findings:list\n    - findings:read\n');
  });

  it('maps 403 to exit 4 with the scope hint', async () => {
    cli
      .stub('ListOrgRBACRoles')
      .reply(403, { status: 403, code: 'FORBIDDEN', message: 'missing scope roles:list' });
    const result = await cli.run(['roles', 'list'], { env: authEnv() });
    expect(result.code).toBe(4);
    expect(result.stderr).toBe(
      "error: ListOrgRBACRoles: missing scope roles:list (HTTP 403 FORBIDDEN)\nhint: the token's role lacks a scope this needs: see `secscan scopes list`\n",
    );
  });

  it('maps 507 TOO_MUCH_WORK to exit 6', async () => {
    cli.stub('ListOrgRBACRoles').reply(507, { ok: false, code: 'TOO_MUCH_WORK', message: 'too much' });
    expect((await cli.run(['roles', 'list'], { env: authEnv() })).code).toBe(6);
  });
});
