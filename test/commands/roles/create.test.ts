import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../../helpers/cli.js';
import { role } from './fixtures.js';

const cli = useCli();
const available = ['findings:list', 'findings:read', 'comments:create', 'a:b', 'teams:*'];
const offered = () => cli.stub('ListAvailableRBACScopes').reply(200, ok(available));

describe('roles create: usage errors (exit 2, no request)', () => {
  it.each([
    [['roles', 'create', '--scope', 'findings:list'], '--name is required'],
    [['roles', 'create', '--name', 'x'], 'at least one --scope is required'],
    [['roles', 'create', '--name', 'x', '--scope', ','], 'at least one --scope is required'],
    [['roles', 'create', '--name', ' ', '--scope', 'a:b'], '--name must not be empty'],
    [
      ['roles', 'create', '--name', 'x', '--scope', 'findings'],
      'invalid scope "findings" for --scope: expected <resource>:<action> or <resource>:*',
    ],
    [
      ['roles', 'create', '--name', 'x', '--scope', 'a:b,findings:'],
      'invalid scope "findings:" for --scope: expected <resource>:<action> or <resource>:*',
    ],
    [
      ['roles', 'create', '--name', 'x', '--scope', 'a:b', '--type', 'global'],
      'invalid value for --type: "global" (choose from team, organization)',
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('roles create', () => {
  it('posts name, scopes (split, deduplicated) and type', async () => {
    offered();
    cli.stub('CreateCustomRBACRole').reply(200, ok(role));
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
    expect(cli.calls()[1]?.body).toEqual({
      name: 'Triage',
      scopes: ['findings:list', 'findings:read'],
      role_type: 'organization',
    });
    expect(JSON.parse(result.stdout)).toEqual(role);
  });

  it('sends the description as given', async () => {
    offered();
    cli
      .stub('CreateCustomRBACRole', {
        body: { name: 'Triage', description: 'triage findings', scopes: ['comments:*'] },
      })
      .reply(201, ok(role));
    const result = await cli.run(
      ['roles', 'create', '--name', 'Triage', '--description', 'triage findings', '--scope', 'comments:*'],
      { env: authEnv() },
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`id\t${role.id}\n`);
  });

  it('maps 409 to exit 6 with the service message', async () => {
    offered();
    cli
      .stub('CreateCustomRBACRole')
      .reply(409, { status: 409, code: 'CONFLICT', message: 'role name exists' });
    const result = await cli.run(['roles', 'create', '--name', 'Triage', '--scope', 'a:b'], {
      env: authEnv(),
    });
    expect(result.code).toBe(6);
    expect(result.stderr).toBe('error: CreateCustomRBACRole: role name exists (HTTP 409 CONFLICT)\n');
  });

  it('refuses a scope the organization does not offer after one request for the list, before the write', async () => {
    offered();
    const result = await cli.run(
      ['roles', 'create', '--name', 'Triage', '--scope', 'findings:list,nosuch:read,teams:create'],
      { env: authEnv() },
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'error: unknown scope "nosuch:read" for --scope: the organization does not offer it\nhint: see `secscan scopes available`\n',
    );
    expect(cli.calls().map((c) => c.method)).toEqual(['GET']);
  });
});
