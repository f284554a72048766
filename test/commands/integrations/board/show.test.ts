import { describe, expect, it } from 'vitest';
import { authEnv, useCli } from '../../../helpers/cli.js';

const cli = useCli();

describe('integrations board show', () => {
  it('reads the bare association', async () => {
    cli
      .stub('GetAzureboardAssociation', { path: { appID: 'a' } })
      .reply(200, { azure_org_name: 'acme', azure_project_name: 'P' });
    const result = await cli.run(['integrations', 'board', 'show', 'a', '-o', 'json'], { env: authEnv() });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ app: 'a', azure_org_name: 'acme', azure_project_name: 'P' });
  });

  it('shows the fields as a table at a terminal', async () => {
    cli
      .stub('GetAzureboardAssociation', { path: { appID: 'a' } })
      .reply(200, { azure_org_name: 'acme', azure_project_name: 'P', finding_work_item_type: 'Bug' });
    const result = await cli.run(['integrations', 'board', 'show', 'a'], {
      env: authEnv({ NO_COLOR: '1' }),
      stdoutTTY: true,
    });
    expect(result.stdout).toBe(
      'App:            a\nOrganization:   acme\nProject:        P\nWork item type: Bug\n',
    );
  });

  it('exits 5 with a hint for an app without a link', async () => {
    cli
      .stub('GetAzureboardAssociation', { path: { appID: 'a' } })
      .reply(404, { ok: false, code: 'NOT_FOUND', message: 'no Azure DevOps project is linked to app a' });
    const result = await cli.run(['integrations', 'board', 'show', 'a'], { env: authEnv() });
    expect(result.code).toBe(5);
    expect(result.stderr).toBe(
      'error: GetAzureboardAssociation: no Azure DevOps project is linked to app a (HTTP 404 NOT_FOUND)\n' +
        'hint: link it with `secscan integrations board link a --board-org ORG --project PROJECT`\n',
    );
  });

  it('a body of the wrong shape exits 8', async () => {
    cli.stub('GetAzureboardAssociation', { path: { appID: 'a' } }).reply(200, { azure_org_name: 7 });
    const result = await cli.run(['integrations', 'board', 'show', 'a'], { env: authEnv() });
    expect(result.code).toBe(8);
  });
});
