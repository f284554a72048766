import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../../helpers/cli.js';

const cli = useCli();

describe('apps scan-branches: usage errors (exit 2, no request)', () => {
  it.each([
    [['apps', 'scan-branches'], "missing required argument 'id'"],
    [['apps', 'scan-branches', '.x'], 'invalid app id ".x": letters and digits, with _ : . - allowed inside'],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('apps scan-branches', () => {
  it('lists the scanned branches with their counts', async () => {
    cli.stub('ListAppBranches', { path: { appID: 'payments-api' } }).reply(
      200,
      ok([
        { branch_name: 'main', scan_count: 12, first_scan: 1, last_scan: 40 },
        { branch_name: 'feature/checkout', scan_count: 2, first_scan: 30, last_scan: 41 },
      ]),
    );
    const r = await cli.run(['apps', 'scan-branches', 'payments-api'], { env: authEnv() });
    expect(r).toEqual({
      code: 0,
      stdout: 'main\t12\t1\t40\t\t\nfeature/checkout\t2\t30\t41\t\t\n',
      stderr: '',
    });
  });

  it('reads the single object the document describes as one row', async () => {
    cli
      .stub('ListAppBranches', { path: { appID: 'web' } })
      .reply(200, ok({ branch_name: 'main', scan_count: 1 }));
    const r = await cli.run(['apps', 'scan-branches', 'web', '--fields', 'branch_name,scan_count'], {
      env: authEnv(),
    });
    expect(r.stdout).toBe('main\t1\n');
  });
});
