import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../../helpers/cli.js';

const cli = useCli();

describe('app-groups upsert: usage errors (exit 2, no request)', () => {
  it.each([
    [['app-groups', 'upsert', 'g', '--add', 'a', '--remove', 'a'], 'app "a" is both in --add and --remove'],
    [
      ['app-groups', 'upsert', 'g', '--add', 'web,bad-'],
      'invalid --add app id "bad-": letters and digits, with _ : . - allowed inside',
    ],
    [
      ['app-groups', 'upsert', 'g', '--remove', 'a b'],
      'invalid --remove app id "a b": letters and digits, with _ : . - allowed inside',
    ],
    [['app-groups', 'upsert', 'g', '--rename', ''], '--rename must not be empty'],
    [['app-groups', 'upsert'], "missing required argument 'name'"],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('app-groups upsert', () => {
  it('adds comma-separated and repeated apps and prints the group', async () => {
    cli
      .stub('UpsertAppGroup', {
        path: { appGroupName: 'payments' },
        body: { add_app_ids: ['payments-api', 'ledger-service', 'web'] },
      })
      .reply(200, ok([{ name: 'payments', app_ids: ['payments-api', 'ledger-service', 'web'] }]));
    const r = await cli.run(
      [
        'app-groups',
        'upsert',
        'payments',
        '--add',
        'payments-api,ledger-service',
        '--add',
        'web',
        '-o',
        'json',
      ],
      { env: authEnv() },
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      name: 'payments',
      app_ids: ['payments-api', 'ledger-service', 'web'],
    });
  });

  it('renames and removes, printing the group under its new name', async () => {
    cli
      .stub('UpsertAppGroup', {
        path: { appGroupName: 'payments' },
        body: { rename: 'money', remove_app_ids: ['ledger-service'] },
      })
      .reply(200, ok([{ name: 'money', app_ids: ['payments-api'] }]));
    const r = await cli.run(
      ['app-groups', 'upsert', 'payments', '--rename', 'money', '--remove', 'ledger-service'],
      { env: authEnv() },
    );
    expect(r).toEqual({ code: 0, stdout: 'name\tmoney\napp_ids\tpayments-api\n', stderr: '' });
  });
});
