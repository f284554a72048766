import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, fakeClock, json, ok, useCli } from '../../helpers/cli.js';

const cli = useCli();
const appListing = (query: Record<string, unknown> = {}) => ({
  path: { appID: 'pay' },
  query: { limit: 50, ...query },
});
const compoundListing = { path: { compoundName: 'shop' }, query: { archived: true, limit: 50 } };

const scan = (
  id: string,
  state: 'completed' | 'running' | 'failed',
  extra: Record<string, unknown> = {},
) => ({
  id,
  app: 'pay',
  version: 'v1.4.0',
  successful: state === 'completed',
  started_at: '2026-11-26T09:00:00Z',
  ...(state === 'running' ? {} : { completed_at: '2026-11-26T09:04:00Z' }),
  tags: { branch: 'main', pipeline: '88' },
  ...extra,
});

describe('scans wait: usage errors (exit 2, no request)', () => {
  it.each([
    [['scans', 'wait', '--version', 'v1'], 'give --app ID or --compound NAME (whose scan to wait for)'],
    [
      ['scans', 'wait', '--app', 'pay'],
      'give the scan to wait for: --scan ID, --version V or --tag KEY=VALUE',
    ],
    [
      ['scans', 'wait', '--app', 'pay', '--wait', '5m'],
      '--wait needs the scan to wait for: --scan ID, --version V or --tag KEY=VALUE',
    ],
    [
      ['scans', 'wait', '--app', 'pay', '--compound', 'shop', '--scan', '1'],
      '--app and --compound cannot be used together',
    ],
    [
      ['scans', 'wait', '--app', 'pay', '--scan', '1', '--tag', 'a=b'],
      '--scan and --tag cannot be used together',
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('scans wait', () => {
  it('prints the scan once it has completed (exit 0), with the usual -o formats', async () => {
    cli.stub('ListScans', appListing()).reply(200, ok({ scans: [scan('1042', 'running')] }), json);
    cli.stub('ListScans', appListing()).reply(200, ok({ scans: [scan('1042', 'completed')] }), json);
    const clock = fakeClock();
    const r = await cli.run(['scans', 'wait', '--app', 'pay', '--version', 'v1.4.0', '-o', 'json'], {
      env: authEnv(),
      clock,
    });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(scan('1042', 'completed'));
    expect(r.stderr).toBe('waiting for the scan of v1.4.0 on pay: running, 0s\n');
    expect(clock.elapsed()).toBe(1000);
  });

  it('--tag: the service’s tag filter is sent, and the tag checked on the answer', async () => {
    cli
      .stub('ListScans', appListing({ tags: ['pipeline=88'] }))
      .reply(
        200,
        ok({ scans: [scan('1043', 'completed', { tags: { pipeline: '87' } }), scan('1042', 'completed')] }),
        json,
      );
    const r = await cli.run(['scans', 'wait', '--app', 'pay', '--tag', 'pipeline=88'], { env: authEnv() });
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe('id\t1042');
    expect(r.stdout).toContain('status\tcompleted');
  });

  it('a failed analysis is exit 11', async () => {
    cli.stub('ListScans', appListing()).reply(200, ok({ scans: [scan('1042', 'failed')] }), json);
    const r = await cli.run(['scans', 'wait', '--app', 'pay', '--scan', '1042'], { env: authEnv() });
    expect(r.code).toBe(11);
    expect(r.stderr).toBe(
      'error: scan 1042 on pay failed: the analysis did not complete, so there is nothing to evaluate\n' +
        'hint: see `secscan scans show --app pay 1042`, and run the analysis again\n',
    );
    expect(r.stdout).toBe('');
  });

  it('waits 30 minutes unless told: then exit 10', async () => {
    cli
      .stub('ListScans', appListing())
      .reply(200, ok({ scans: [scan('1042', 'running')] }), json)
      .persist();
    const clock = fakeClock();
    const r = await cli.run(['scans', 'wait', '--app', 'pay', '--version', 'v1.4.0', '-q'], {
      env: authEnv(),
      clock,
    });
    expect(r.code).toBe(10);
    expect(clock.elapsed()).toBe(30 * 60_000);
    expect(r.stderr.split('\n')[0]).toBe(
      'error: the scan of v1.4.0 on pay (scan 1042) has not finished after waiting 30m: it is still running',
    );
  });

  it('--scan of a compound older than its listing is read by id and printed', async () => {
    cli.stub('ListScansInCompound', compoundListing).reply(200, ok({ scans: [] }), json);
    const read = {
      polyglot_scan_id: 7,
      status: 'completed',
      scans: [{ id: '70', app: 'pay', successful: true, completed_at: '2026-01-01T00:00:00Z' }],
    };
    cli
      .stub('ReadCompoundScan', { path: { compoundName: 'shop', scanID: 7 }, query: { archived: true } })
      .reply(200, ok(read), json);
    const r = await cli.run(['scans', 'wait', '--compound', 'shop', '--scan', '7'], { env: authEnv() });
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe('id\t7');
  });

  it('a compound scan read by id whose app scans still run is running; an unknown compound is exit 5', async () => {
    cli
      .stub('ListScansInCompound', compoundListing)
      .reply(200, ok({ scans: [] }), json)
      .persist();
    cli
      .stub('ReadCompoundScan', { path: { compoundName: 'shop', scanID: 7 }, query: { archived: true } })
      .reply(
        200,
        ok({
          polyglot_scan_id: 7,
          scans: [
            { id: '70', successful: true, completed_at: '2026-01-01T00:00:00Z' },
            { id: '71', successful: false },
          ],
        }),
        json,
      )
      .persist();
    const running = await cli.run(['scans', 'wait', '--compound', 'shop', '--scan', '7', '--wait', '2m'], {
      env: authEnv(),
      clock: fakeClock(),
    });
    expect(running.code).toBe(10);
    expect(running.stderr).toContain('error: scan 7 on shop has not finished');
    cli
      .stub('ListScansInCompound', { ...compoundListing, path: { compoundName: 'nope' } })
      .reply(404, { ok: false, code: 'NOT_FOUND', message: 'no compound is named nope' }, json);
    const missing = await cli.run(['scans', 'wait', '--compound', 'nope', '--scan', '7'], { env: authEnv() });
    expect(missing.code).toBe(5);
  });
});

describe('scans wait: only the documented finished status is finished', () => {
  it.each([['queued'], ['RUNNING'], ['completed '], [42], [{ x: 1 }], ['weird'], ['']])(
    'a scan shown as %j beside successful: true is exit 8, never a pass',
    async (status) => {
      cli
        .stub('ListScans', appListing())
        .reply(200, ok({ scans: [scan('1042', 'completed', { status })] }), json);
      const r = await cli.run(['scans', 'wait', '--app', 'pay', '--version', 'v1.4.0', '--wait', '5m'], {
        env: authEnv(),
        clock: fakeClock(),
      });
      expect(r.code).toBe(8);
      expect(r.stderr).toContain(
        'error: ListScans: scan 1042 of pay shows no state this version can read (completed, running or failed) (its status is',
      );
      expect(r.stdout).toBe('');
    },
  );

  it('the documented in-progress status keeps the wait going: exit 10 when it runs out', async () => {
    cli
      .stub('ListScans', appListing())
      .reply(200, ok({ scans: [scan('1042', 'running', { status: 'running' })] }), json)
      .persist();
    const clock = fakeClock();
    const r = await cli.run(['scans', 'wait', '--app', 'pay', '--version', 'v1.4.0', '--wait', '2m', '-q'], {
      env: authEnv(),
      clock,
    });
    expect(r.code).toBe(10);
    expect(clock.elapsed()).toBe(120_000);
  });
});

describe('scans wait: the deadline holds against the request retries', () => {
  const throttled = (status: number, retryAfter: string) =>
    cli.stub('ListScans', appListing()).reply(
      status,
      { ok: false, message: 'slow down' },
      {
        headers: { 'content-type': 'application/json', 'retry-after': retryAfter },
      },
    );

  it('429 Retry-After: 55 under --wait 10s: no sleep passes the deadline; exit 7 naming the Retry-After', async () => {
    throttled(429, '55').persist();
    const clock = fakeClock();
    const r = await cli.run(['scans', 'wait', '--app', 'pay', '--version', 'v1.4.0', '--wait', '10s'], {
      env: authEnv(),
      clock,
    });
    expect(r.code).toBe(7);
    expect(clock.elapsed()).toBeLessThanOrEqual(10_000);
    expect(r.stderr).toMatch(
      /slow down \(HTTP 429\); the service asks to be retried at \S+ \(in 55s\), after the wait runs out\n/,
    );
  });

  it('503 Retry-After: 20 under --wait 30s: the retries stop at the deadline', async () => {
    throttled(503, '20').persist();
    const clock = fakeClock();
    const r = await cli.run(['scans', 'wait', '--app', 'pay', '--version', 'v1.4.0', '--wait', '30s', '-q'], {
      env: authEnv(),
      clock,
    });
    expect(r.code).toBe(7);
    expect(clock.elapsed()).toBeLessThanOrEqual(30_000);
    expect(r.stderr).toContain('(in 20s), after the wait runs out');
  });

  it('a Retry-After within the wait is honoured by the request’s own retry', async () => {
    throttled(503, '3');
    cli.stub('ListScans', appListing()).reply(200, ok({ scans: [scan('1042', 'completed')] }), json);
    const clock = fakeClock();
    const r = await cli.run(['scans', 'wait', '--app', 'pay', '--version', 'v1.4.0', '--wait', '30s'], {
      env: authEnv(),
      clock,
    });
    expect(r.code).toBe(0);
    expect(clock.sleeps).toEqual([3000]);
  });
});
