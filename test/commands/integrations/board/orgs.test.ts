import { describe, expect, it } from 'vitest';
import { authEnv, ok, useCli } from '../../../helpers/cli.js';

const cli = useCli();

describe('integrations board orgs', () => {
  it('lists the Azure DevOps organizations, escapes removed when piped', async () => {
    cli.stub('GetAzureOrgList').reply(200, ok({ accounts: [{ name: 'acme' }, { name: 'evil\u001b[2J' }] }));
    const result = await cli.run(['integrations', 'board', 'orgs'], { env: authEnv() });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('acme\nevil\n');
  });

  it('keeps the full objects with -o json', async () => {
    cli.stub('GetAzureOrgList').reply(200, ok({ accounts: [{ name: 'acme', id: 'a1' }] }));
    const result = await cli.run(['integrations', 'board', 'orgs', '-o', 'json'], { env: authEnv() });
    expect(JSON.parse(result.stdout)).toEqual([{ name: 'acme', id: 'a1' }]);
  });

  it('prints nothing for no organizations (exit 0)', async () => {
    cli.stub('GetAzureOrgList').reply(200, ok({ accounts: [] }));
    expect(await cli.run(['integrations', 'board', 'orgs'], { env: authEnv() })).toEqual({
      code: 0,
      stdout: '',
      stderr: '',
    });
  });

  it('an answer without its accounts key exits 8: it is not a list of none', async () => {
    cli.stub('GetAzureOrgList').reply(200, ok({}));
    const result = await cli.run(['integrations', 'board', 'orgs'], { env: authEnv() });
    expect([result.code, result.stdout]).toEqual([8, '']);
    expect(result.stderr).toMatch(/^error: GetAzureOrgList: unexpected response at accounts/);
  });

  it('a wrong-shaped answer exits 8, never an empty list', async () => {
    cli.stub('GetAzureOrgList').reply(200, ok({ accounts: 'acme' }));
    const result = await cli.run(['integrations', 'board', 'orgs'], { env: authEnv() });
    expect(result.code).toBe(8);
    expect(result.stderr).toMatch(/^error: GetAzureOrgList: unexpected response at accounts/);
  });
});
