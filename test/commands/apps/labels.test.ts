import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, ok, useCli } from '../../helpers/cli.js';

const cli = useCli();

describe('apps labels: usage errors (exit 2, no request)', () => {
  it.each([
    [['apps', 'labels', 'a'], 'nothing to change: give --add, --remove or --clear'],
    [['apps', 'labels', 'a', '--add', 'x', '--remove', 'x'], 'label "x" is both in --add and --remove'],
    [['apps', 'labels', 'a', '--clear', '--remove', 'x'], '--clear and --remove cannot be used together'],
    [
      ['apps', 'labels', 'bad-', '--clear'],
      'invalid app id "bad-": letters and digits, with _ : . - allowed inside',
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('apps labels', () => {
  it('sends repeated and comma-separated labels and prints the labels the app now has', async () => {
    cli
      .stub('UpdateAppLabels', {
        path: { appID: 'payments-api' },
        body: { add: ['pci', 'tier-1', 'eu'], remove: ['legacy'] },
      })
      .reply(200, ok(['eu', 'pci', 'tier-1']));
    const r = await cli.run(
      ['apps', 'labels', 'payments-api', '--add', 'pci,tier-1', '--add', 'eu', '--remove', 'legacy'],
      { env: authEnv() },
    );
    expect(r).toEqual({ code: 0, stdout: 'eu\npci\ntier-1\n', stderr: '' });
  });

  it('--clear sends clear: true and notes no labels on a terminal', async () => {
    cli.stub('UpdateAppLabels', { path: { appID: 'web' }, body: { clear: true } }).reply(200, ok([]));
    const r = await cli.run(['apps', 'labels', 'web', '--clear'], { env: authEnv(), stdoutTTY: true });
    expect(r).toEqual({ code: 0, stdout: '', stderr: 'No labels.\n' });
  });
});
