import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, useCli } from '../../helpers/cli.js';

const cli = useCli();

describe('webhook delete: usage errors (exit 2, no request)', () => {
  it.each([
    [
      ['webhook', 'delete'],
      'Delete the webhook of the normal flow? Events stop being delivered: confirmation needed; pass --yes to proceed without a prompt',
    ],
    [['webhook', 'rm', '--version', 'two', '--yes'], 'invalid value for --version: "two" (choose from 1, 2)'],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('webhook delete', () => {
  it('deletes the webhook of the legacy flow with --yes', async () => {
    cli.stub('DeleteWebhook', { query: { version: 1 } }).reply(200, { ok: true });
    const r = await cli.run(['webhook', 'delete', '--version', '1', '--yes'], { env: authEnv() });
    expect(r).toEqual({ code: 0, stdout: '', stderr: 'Deleted the webhook of the legacy flow.\n' });
  });

  it('maps a missing webhook to exit 5', async () => {
    cli.stub('DeleteWebhook').reply(404, { ok: false, code: 'NOT_FOUND', message: 'no webhook is set up' });
    const r = await cli.run(['webhook', 'delete', '-y'], { env: authEnv() });
    expect(r.code).toBe(5);
  });
});
