import { describe, expect, it } from 'vitest';
import { allOperations } from '@secscan/api/operations';
import { authEnv, expectUsage, useCli } from '../../helpers/cli.js';

const cli = useCli();

describe('api --list: usage errors (exit 2, no request)', () => {
  it.each([
    [['api', '--list', 'ListTeams'], '--list takes no operation or path'],
    [['api', '--list', '-F', 'a=b'], '--list and --field cannot be used together'],
    [['api', '--list', '--paginate'], '--list and --paginate cannot be used together'],
    [
      ['api', '--list', '--fields', 'id,secret'],
      'unknown field "secret" for --fields (choose from id, method, path, scopes, commands, summary)',
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('api --list', () => {
  it('lists every operation with -o json, naming the commands that call it, without a request or a token', async () => {
    const result = await cli.run(['api', '--list', '-o', 'json']);
    expect(result.code).toBe(0);
    const rows = JSON.parse(result.stdout) as Record<string, unknown>[];
    expect(rows).toHaveLength(allOperations.length);
    expect(rows.find((r) => r.id === 'ListTokens')).toEqual({
      id: 'ListTokens',
      method: 'GET',
      path: '/orgs/{orgID}/tokens',
      scopes: ['tokens:list'],
      commands: ['secscan tokens list'],
      summary: 'List tokens',
    });
    expect(rows.find((r) => r.id === 'ListTeams')).toMatchObject({
      scopes: ['teams:list'],
      commands: expect.arrayContaining(['secscan teams list', 'secscan teams apply']),
    });
    expect(rows.find((r) => r.id === 'ToggleCompoundArchive')?.commands).toEqual([
      'secscan compounds archive',
      'secscan compounds unarchive',
    ]);
    expect(cli.calls()).toEqual([]);
  });

  it('prints tab-separated rows sorted by path when piped', async () => {
    const result = await cli.run(['api', '--list']);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(allOperations.length);
    expect(lines).toContain(
      'DeleteToken\tDELETE\t/orgs/{orgID}/tokens/{tokenID}\ttokens:delete\tsecscan tokens delete',
    );
    expect(lines).toContain(
      'GetAzureboardAssociation\tGET\t/orgs/{orgID}/apps/{appID}/integrations/azureboard/association\tproject:read, azureboard_association:read\tsecscan integrations board show',
    );
    expect(lines.indexOf('ListTokens\tGET\t/orgs/{orgID}/tokens\ttokens:list\tsecscan tokens list')).toBe(
      lines.indexOf('CreateToken\tPOST\t/orgs/{orgID}/tokens\ttokens:create\tsecscan tokens create') - 1,
    );
  });

  it('shows the summary with --fields', async () => {
    const result = await cli.run(['api', '--list', '--fields', 'id,summary', '-o', 'csv']);
    expect(result.stdout.split('\n')[0]).toBe('id,summary');
    expect(result.stdout).toContain('\nReadOrgConfig,Read org configuration\n');
  });

  it('prints a table with a header on a terminal', async () => {
    const result = await cli.run(['api', '--list'], { stdoutTTY: true, env: { NO_COLOR: '1' } });
    // The scopes (long lists) give way first on a terminal this narrow, and a notice says so.
    expect(result.stdout.split('\n')[0]).toMatch(/^OPERATION\s+METHOD\s+PATH\s+COMMAND$/);
    expect(result.stderr).toContain('Not shown at this width: SCOPES');
  });
});
