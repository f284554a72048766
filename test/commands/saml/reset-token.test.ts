import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../../helpers/cli.js';

const cli = useCli();
const A = '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d';
const B = '3b4c5d6e-7f8a-4b9c-8d0e-2f3a4b5c6d7e';
const C = '4c5d6e7f-8a9b-4c0d-9e1f-3a4b5c6d7e8f';

describe('saml reset-token: usage errors (exit 2, no request)', () => {
  it.each([
    [['saml', 'reset-token', '--yes'], 'give at least one user (e-mail or user id), or --ids-from FILE|-'],
    [['saml', 'reset-token', 'bob', '--yes'], 'invalid user "bob": expected an e-mail or a user id'],
    [
      ['saml', 'reset-token', A],
      `Reset the access token of ${A}? Their tokens stop working: confirmation needed; pass --yes to proceed without a prompt`,
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });

  it('checks every line of --ids-from', async () => {
    const result = await cli.run(['saml', 'reset-token', '--ids-from', '-', '--yes'], {
      env: authEnv(),
      stdin: `${A}\nnot-a-user\n`,
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('error: --ids-from: stdin: "not-a-user" is not an e-mail or a user id\n');
    expect(cli.calls()).toEqual([]);
  });
});

describe('saml reset-token', () => {
  it('one user: the single reset (204)', async () => {
    cli
      .stub('ListOrgRBACUsers', { query: { email: 'a@example.com' } })
      .reply(200, ok([{ id_v2: A, email: 'a@example.com' }]));
    cli.stub('ResetSAMLUserAccessToken', { path: { userIDv2: A } }).reply(204, '');
    const result = await cli.run(['saml', 'reset-token', 'a@example.com', '--yes'], { env: authEnv() });
    expect(result).toEqual({ code: 0, stdout: '', stderr: 'Reset the access token of a@example.com.\n' });
  });

  it('several users: the bulk reset, reporting users not found and not SAML (exit 6)', async () => {
    cli
      .stub('BulkResetSAMLUserAccessTokens', { body: { user_ids: [A, B, C] } })
      .reply(200, ok({ reset: [A], not_found: [B], not_saml: [C] }));
    const result = await cli.run(['saml', 'reset-token', A, '--ids-from', '-', '--yes'], {
      env: authEnv(),
      stdin: `# leavers\n${B}\n\n${C}\n`,
    });
    expect(result.code).toBe(6);
    expect(result.stdout).toBe(
      `reset\tuser\t${A}\t${A}\t\nnot found\tuser\t${B}\t${B}\tno such user in the organization\nrefused\tuser\t${C}\t${C}\tnot a SAML user\n`,
    );
    expect(result.stderr).toBe('1 reset, 2 not reset.\n');
  });
});
