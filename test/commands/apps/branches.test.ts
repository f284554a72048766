import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../../helpers/cli.js';

const cli = useCli();

describe('apps branches: usage errors (exit 2, no request)', () => {
  it.each([
    [
      ['apps', 'branches', '--from', 'yesterday'],
      'invalid value for --from: "yesterday" (expected a date such as 2026-09-01, Unix seconds, or an age such as 30d)',
    ],
    [['apps', 'branches', '--from', '2026-09-02', '--until', '2026-09-01'], '--from is after --until'],
    [
      ['apps', 'branches', '--app', 'a b'],
      'invalid value for --app: "a b" (letters and digits, with _ : . - allowed inside)',
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('apps branches', () => {
  it('sends the window as Unix seconds and joins branches and languages', async () => {
    cli
      .stub('ListAppsBranches', { query: { app: 'payments-api', from: 1788220800, until: 1788307200 } })
      .reply(
        200,
        ok([
          {
            id: 'payments-api',
            name: 'Payments API',
            default_branch: 'main',
            branches: ['main', 'feature/checkout'],
            languages: ['java'],
          },
        ]),
      );
    const r = await cli.run(
      ['apps', 'branches', '--app', 'payments-api', '--from', '2026-09-01', '--until', '1788307200'],
      { env: authEnv() },
    );
    expect(r).toEqual({
      code: 0,
      stdout: 'payments-api\tmain\tmain, feature/checkout\tjava\tPayments API\n',
      stderr: '',
    });
  });

  it('sends no window by default (the service’s last week)', async () => {
    cli.stub('ListAppsBranches').reply(200, ok([]));
    const r = await cli.run(['apps', 'branches'], { env: authEnv(), stdoutTTY: true });
    expect(r).toEqual({ code: 0, stdout: '', stderr: 'No apps.\n' });
  });
});
