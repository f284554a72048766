import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, json, useCli } from '../../helpers/cli.js';

const cli = useCli();

describe('webhook events: usage errors (exit 2, no request)', () => {
  it.each([[['webhook', 'events', 'x'], "too many arguments for 'events'. Expected 0 arguments but got 1."]])(
    '%j',
    async (argv, message) => {
      expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
    },
  );
});

describe('webhook events', () => {
  it('lists the event names (a path outside the organization, answered bare)', async () => {
    cli.stub('GetAlertingEvents').reply(200, { events: [{ name: 'scan.finished' }] }, json);
    const r = await cli.run(['webhook', 'events'], { env: authEnv() });
    expect(r).toEqual({ code: 0, stdout: 'scan.finished\n', stderr: '' });
    expect(cli.calls()[0]?.path).toBe('/api/v4/alerting/events');
  });

  it('refuses an answer without the events list (exit 8)', async () => {
    cli.stub('GetAlertingEvents').reply(200, { ok: true }, json);
    const r = await cli.run(['webhook', 'events'], { env: authEnv() });
    expect(r.code).toBe(8);
    expect(r.stdout).toBe('');
  });
});
