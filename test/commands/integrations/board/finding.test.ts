import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, useCli } from '../../../helpers/cli.js';

const cli = useCli();
const item = {
  azure_org_name: 'acme',
  azure_project_name: 'P',
  azure_workitem_id: 1001,
  azure_workitem_url: 'https://dev.azure.example/acme/P/_workitems/edit/1001',
};

describe('integrations board finding', () => {
  it.each([
    [
      ['integrations', 'board', 'finding', 'a', 'x1'],
      'invalid finding id "x1": expected a positive whole number',
    ],
    [['integrations', 'board', 'finding', 'a'], "missing required argument 'finding-id'"],
  ])('%j is a usage error', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });

  it('prints the work item of a finding', async () => {
    cli
      .stub('GetAssociationAzureBoardByFindingID', { path: { appID: 'a', findingID: '17' } })
      .reply(200, item);
    const result = await cli.run(['integrations', 'board', 'finding', 'a', '17', '-o', 'json'], {
      env: authEnv(),
    });
    expect(JSON.parse(result.stdout)).toEqual({ app: 'a', finding_id: '17', ...item });
  });

  it('exits 5 with a hint when the finding has no work item', async () => {
    cli
      .stub('GetAssociationAzureBoardByFindingID', { path: { appID: 'a', findingID: '17' } })
      .reply(404, { ok: false, code: 'NOT_FOUND', message: 'no work item' });
    const result = await cli.run(['integrations', 'board', 'finding', 'a', '17'], { env: authEnv() });
    expect(result.code).toBe(5);
    expect(result.stderr).toContain(
      'hint: file it with `secscan integrations board submit a --scan SCAN_ID 17`',
    );
  });

  it('a work item id that is not a number exits 8', async () => {
    cli
      .stub('GetAssociationAzureBoardByFindingID', { path: { appID: 'a', findingID: '17' } })
      .reply(200, { ...item, azure_workitem_id: '1001' });
    const result = await cli.run(['integrations', 'board', 'finding', 'a', '17'], { env: authEnv() });
    expect(result.code).toBe(8);
  });
});
