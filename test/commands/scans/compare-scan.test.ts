import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, fakeClock, json, ok, useCli } from '../../helpers/cli.js';

const cli = useCli();
const pay = { appID: 'pay' };
const sha = '4f2a9c1d8e7b6a5f4e3d2c1b0a9f8e7d6c5b4a39';
const scan = (id: string, version: string, state: 'completed' | 'running' | 'failed', minute: number) => ({
  id,
  app: 'pay',
  version,
  successful: state === 'completed',
  started_at: `2026-11-26T09:${String(minute).padStart(2, '0')}:00Z`,
  ...(state === 'running' ? {} : { completed_at: `2026-11-26T09:${String(minute).padStart(2, '0')}:30Z` }),
  tags: { branch: 'main' },
});
const diff = (source: string, target: Record<string, unknown>) => ({
  source: { id: source, successful: true },
  target,
  new: [{ id: '9', severity: 'critical' }],
  fixed: [],
  common: [],
});
const compare = ['scans', 'compare', '--app', 'pay'];

describe('scans compare --scan/--version/--tag: usage errors (exit 2, no request)', () => {
  it.each([
    [
      [...compare, '--version', sha],
      '--version needs a baseline: --source REF, --source-branch B or --source-scan N',
    ],
    [
      [...compare, '--source', 'scan.1', '--version', sha, '--target', 'scan.1'],
      '--version and --target cannot be used together',
    ],
    [
      [...compare, '--source-scan', '1', '--scan', '3', '--target-scan', '3'],
      '--scan and --target-scan cannot be used together',
    ],
    [
      [...compare, '--source', 'scan.1', '--target', 'scan.2', '--wait', '5m'],
      '--wait needs the scan to wait for: --scan ID, --version V or --tag KEY=VALUE',
    ],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('scans compare: the scan under test', () => {
  it('--version with --source-branch: the baseline is the branch’s scan before it, the target that scan', async () => {
    const listed = [scan('12', sha, 'completed', 50), scan('11', 'prev', 'completed', 40)];
    cli.stub('ListScans', { path: pay, query: { limit: 50 } }).reply(200, ok({ scans: listed }), json);
    cli
      .stub('ListScans', { path: pay, query: { tags: ['branch=main'], limit: 50 } })
      .reply(200, ok({ scans: listed }), json);
    cli
      .stub('ListScansCompare', { path: pay, query: { source: 'scan.11', target: 'scan.12' } })
      .reply(200, ok(diff('11', scan('12', sha, 'completed', 50))), json);
    const r = await cli.run([...compare, '--source-branch', 'main', '--version', sha, '--fail-on', 'new'], {
      env: authEnv(),
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('pay: scan.11 -> scan.12: 1 new');
  });

  it('--wait: waits for the scan to complete before comparing', async () => {
    cli.stub('ListScans', { path: pay, query: { limit: 50 } }).reply(200, ok({ scans: [] }), json);
    cli
      .stub('ListScans', { path: pay, query: { limit: 50 } })
      .reply(200, ok({ scans: [scan('12', sha, 'completed', 50)] }), json);
    cli
      .stub('ListScansCompare', { path: pay, query: { source: 'tag.branch=main', target: 'scan.12' } })
      .reply(200, ok(diff('11', scan('12', sha, 'completed', 50))), json);
    const clock = fakeClock();
    const r = await cli.run(
      [...compare, '--source', 'tag.branch=main', '--version', sha, '--wait', '10m', '-q'],
      {
        env: authEnv(),
        clock,
      },
    );
    expect(r.code).toBe(0);
    expect(clock.elapsed()).toBe(1000);
  });

  it('an answer whose target is another scan is exit 8', async () => {
    cli
      .stub('ListScans', { path: pay, query: { limit: 50 } })
      .reply(200, ok({ scans: [scan('12', sha, 'completed', 50)] }), json);
    cli
      .stub('ListScansCompare', { path: pay, query: { source: 'scan.3', target: 'scan.12' } })
      .reply(200, ok(diff('3', scan('11', 'prev', 'completed', 40))), json);
    const r = await cli.run([...compare, '--source-scan', '3', '--scan', '12', '--fail-on', 'new'], {
      env: authEnv(),
    });
    expect(r.code).toBe(8);
    expect(r.stderr).toContain('ListScansCompare: the service evaluated scan "11" instead of scan 12 on pay');
  });

  it.each([
    ['running', 10, 'error: the target scan 12 of pay (scan.12) has not finished: it is running'],
    ['failed', 11, 'error: the target scan 12 of pay (scan.12) failed: the analysis did not complete'],
  ] as const)(
    '--target-scan that the answer shows %s: exit %i, never "0 new"',
    async (state, code, message) => {
      cli
        .stub('ListScansCompare', { path: pay, query: { source: 'scan.11', target: 'scan.12' } })
        .reply(200, ok({ ...diff('11', scan('12', sha, state, 50)), new: [] }), json);
      const r = await cli.run(
        [...compare, '--source-scan', '11', '--target-scan', '12', '--fail-on', 'new'],
        {
          env: authEnv(),
        },
      );
      expect(r.code).toBe(code);
      expect(r.stderr).toContain(message);
      expect(r.stdout).toBe('');
    },
  );
});

describe('scans compare: the service answering 409 SCAN_FAILED (issue 41)', () => {
  it('is exit 11 (the scan failed), not 6, with its hint', async () => {
    cli
      .stub('ListScansCompare', { path: pay, query: { source: 'scan.11', target: 'scan.12' } })
      .reply(409, { ok: false, code: 'SCAN_FAILED', message: 'scan 12 failed' }, json);
    const r = await cli.run([...compare, '--source', 'scan.11', '--target', 'scan.12'], { env: authEnv() });
    expect([r.code, r.stdout]).toEqual([11, '']);
    expect(r.stderr).toBe(
      'error: ListScansCompare: scan 12 failed (HTTP 409 SCAN_FAILED)\n' +
        'hint: the analysis of that scan failed, so it has no results: run the analysis again, or name another scan\n',
    );
  });
});
