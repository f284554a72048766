import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, useCli } from '../../helpers/cli.js';

const cli = useCli();
const ID = '5d2c8e1f-7a3b-4c6d-9e0f-1a2b3c4d5e6f';

describe('compounds delete: usage errors (exit 2, no request)', () => {
  it.each([
    [['compounds', 'delete', 'shop', '--yes'], 'invalid compound id "shop": expected a UUID'],
    [['compounds', 'delete'], "missing required argument 'id'"],
    [
      ['compounds', 'delete', ID],
      `Delete compound ${ID}? Its compound scans go with it: confirmation needed; pass --yes to proceed without a prompt`,
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('compounds delete', () => {
  it('deletes with --yes', async () => {
    cli.stub('DeleteCompound', { path: { compoundID: ID } }).reply(200, { ok: true });
    const r = await cli.run(['compounds', 'rm', ID, '--yes'], { env: authEnv() });
    expect(r).toEqual({ code: 0, stdout: '', stderr: `Deleted compound ${ID}.\n` });
  });
});
