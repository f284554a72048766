import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../../../helpers/cli.js';

const cli = useCli();
const link = ['integrations', 'board', 'link'];

describe('integrations board link: usage errors (exit 2, no request)', () => {
  it.each([
    [
      [...link, 'payments-api', '--project', 'P'],
      '--board-org is required (the Azure DevOps organization; see `secscan integrations board orgs`)',
    ],
    [[...link, 'payments-api', '--board-org', 'acme'], '--project is required'],
    [[...link, 'payments-api', '--board-org', 'acme', '--project', ' '], '--project must not be empty'],
    [[...link, '-bad-', '--board-org', 'acme', '--project', 'P'], "unknown option '-bad-'"],
    [
      [...link, 'bad/app', '--board-org', 'acme', '--project', 'P'],
      'invalid app id "bad/app": letters and digits, with _ : . - allowed inside',
    ],
    [[...link, '--board-org', 'acme', '--project', 'P'], "missing required argument 'app'"],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('integrations board link', () => {
  it('puts the association and prints it', async () => {
    const body = { azure_org_name: 'acme', azure_project_name: 'Payments', finding_work_item_type: 'Bug' };
    cli.stub('PutAzureboardAssociation', { path: { appID: 'payments-api' }, body }).reply(200, ok(body));
    const result = await cli.run(
      [...link, 'payments-api', '--board-org', 'acme', '--project', 'Payments', '--work-item-type', 'Bug'],
      { env: authEnv() },
    );
    expect(result).toEqual({
      code: 0,
      stdout:
        'app\tpayments-api\nazure_org_name\tacme\nazure_project_name\tPayments\nfinding_work_item_type\tBug\n',
      stderr: 'Linked payments-api to the Azure DevOps project acme/Payments.\n',
    });
  });

  it('leaves the work item type to the service when not given', async () => {
    const body = { azure_org_name: 'acme', azure_project_name: 'Payments' };
    cli.stub('PutAzureboardAssociation', { path: { appID: 'a' }, body }).reply(200, ok(body));
    const result = await cli.run(
      [...link, 'a', '--board-org', 'acme', '--project', 'Payments', '-o', 'json'],
      {
        env: authEnv(),
      },
    );
    expect(JSON.parse(result.stdout)).toEqual({ app: 'a', ...body });
  });

  it('maps a rejection to exit 6', async () => {
    cli
      .stub('PutAzureboardAssociation', { path: { appID: 'a' } })
      .reply(400, { ok: false, code: 'NOT_AUTHORIZED', message: 'the work board is not authorized' });
    const result = await cli.run([...link, 'a', '--board-org', 'acme', '--project', 'P'], { env: authEnv() });
    expect(result.code).toBe(6);
    expect(result.stderr).toBe(
      'error: PutAzureboardAssociation: the work board is not authorized (HTTP 400 NOT_AUTHORIZED)\n',
    );
  });
});
