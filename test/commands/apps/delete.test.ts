import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, useCli } from '../../helpers/cli.js';

const cli = useCli();

describe('apps delete: usage errors (exit 2, no request)', () => {
  it.each([
    [
      ['apps', 'delete', 'payments-api'],
      'Delete app payments-api? Its scans and findings can no longer be read: confirmation needed; pass --yes to proceed without a prompt',
    ],
    [
      ['apps', 'delete', 'x-', '--yes'],
      'invalid app id "x-": letters and digits, with _ : . - allowed inside',
    ],
    [['apps', 'delete'], "missing required argument 'id'"],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('apps delete', () => {
  it('deletes with --yes', async () => {
    cli.stub('DeleteApp', { path: { appID: 'billing-api' } }).reply(200, { ok: true });
    const r = await cli.run(['apps', 'rm', 'billing-api', '--yes'], { env: authEnv() });
    expect(r).toEqual({ code: 0, stdout: '', stderr: 'Deleted app billing-api.\n' });
  });
});
