import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../../helpers/cli.js';

const cli = useCli();

describe('apps show: usage errors (exit 2, no request)', () => {
  it.each([
    [['apps', 'show'], "missing required argument 'id'"],
    [['apps', 'show', 'a/b'], 'invalid app id "a/b": letters and digits, with _ : . - allowed inside'],
    [
      ['apps', 'show', 'pay', '--fields', 'secret'],
      'unknown field "secret" for --fields (choose from id, name, base_branch, team_id, labels, tags, compound)',
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('apps show', () => {
  it('prints the app as key and value rows', async () => {
    cli
      .stub('ReadApp', { path: { appID: 'payments-api' } })
      .reply(200, ok({ id: 'payments-api', name: 'Payments API', base_branch: 'main', labels: ['pci'] }));
    const r = await cli.run(['apps', 'show', 'payments-api'], { env: authEnv() });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('id\tpayments-api\nname\tPayments API\nbase_branch\tmain\nlabels\tpci\ntags\t\n');
  });

  it('maps 404 to exit 5', async () => {
    cli
      .stub('ReadApp', { path: { appID: 'billing-api' } })
      .reply(404, { ok: false, code: 'NOT_FOUND', message: 'no such app' });
    const r = await cli.run(['apps', 'show', 'billing-api'], { env: authEnv() });
    expect(r.code).toBe(5);
    expect(r.stderr.split('\n')[0]).toBe('error: ReadApp: no such app (HTTP 404 NOT_FOUND)');
  });
});
