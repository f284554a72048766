import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InterruptedError } from '../../../src/errors.js';
import { stubBaseline } from '../../helpers/baseline.js';
import { authEnv, expectUsage, fakeClock, json, ok, useCli } from '../../helpers/cli.js';

const cli = useCli();
const dir = mkdtempSync(join(tmpdir(), 'secscan-check-scan-'));
const rules = join(dir, 'rules.yml');
writeFileSync(
  rules,
  'rules:\n  - id: no-critical\n    tags:\n      severity: [critical]\n    threshold: 0\n',
);
const sha = '4f2a9c1d8e7b6a5f4e3d2c1b0a9f8e7d6c5b4a39';
const gate = ['scans', 'check', '--compound', 'shop', '--rules', rules, '--source-branch', 'main'];
const shop = { path: { compoundName: 'shop' } };
const listing = { ...shop, query: { archived: true, limit: 50 } };

/** A compound scan row as ListScansInCompound shows it. */
function row(id: number, version: string, state: 'completed' | 'running' | 'failed', minute: number) {
  return {
    id: String(id),
    app: 'shop',
    version,
    successful: state === 'completed',
    status: state,
    started_at: `2026-11-26T09:${String(minute).padStart(2, '0')}:00Z`,
    ...(state === 'running' ? {} : { completed_at: `2026-11-26T09:${String(minute).padStart(2, '0')}:30Z` }),
    tags: { branch: 'main', pipeline: String(id) },
  };
}

const summary = (matched: number) => ({
  matched,
  reachable: matched,
  over_threshold: matched,
  findings: matched ? [{ id: 7, title: 'SQL Injection', tags: { severity: ['critical'] } }] : [],
});
const verdict = (target: number, matched = 1) =>
  ok({ source: { id: target - 1 }, target: { id: target }, rules: { 'no-critical': summary(matched) } });
const checkBody = (scan: number) => ({
  version: 2,
  meta: { kind: 'diff' },
  source: { branch: 'main' },
  target: { scan },
  rules: [{ id: 'no-critical', tags: { severity: ['critical'] }, threshold: 0 }],
});

describe('scans check: the scan under test, usage errors (exit 2, no request)', () => {
  it.each([
    [
      [...gate, '--wait', '20m'],
      '--wait needs the scan to wait for: --scan ID, --version V or --tag KEY=VALUE',
    ],
    [[...gate, '--scan', '5', '--version', sha], '--scan and --version cannot be used together'],
    [[...gate, '--tag', 'a=b', '--version', sha], '--version and --tag cannot be used together'],
    [
      [...gate, '--version', sha, '--target-branch', 'main'],
      '--version and --target-branch cannot be used together',
    ],
    [[...gate, '--scan', 'latest'], 'invalid value for --scan: "latest" (expected a scan id (a number))'],
    [
      [...gate, '--version', 'a b'],
      'invalid value for --version: "a b" (printable characters without spaces, 1 to 128)',
    ],
    [
      [...gate, '--tag', 'pipeline'],
      'invalid value for --tag: "pipeline" (expected KEY=VALUE, e.g. pipeline=1234)',
    ],
    [
      [...gate, '--version', sha, '--wait', 'soon'],
      'invalid value for --wait: "soon" (expected a duration such as 3600, 90m, 12h, 30d)',
    ],
    [[...gate, '--version', sha, '--wait', '2d'], 'invalid value for --wait: at most a day (24h)'],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('scans check --scan/--version/--tag: the scan evaluated is the one asked for', () => {
  it('--version: the newest scan of that version, named in the check body', async () => {
    cli.stub('ListScansInCompound', listing).reply(
      200,
      ok({
        scans: [row(30, 'other', 'completed', 50), row(29, sha, 'completed', 40), row(28, sha, 'failed', 30)],
      }),
      json,
    );
    cli.stub('CheckScans', { ...shop, body: checkBody(29) }).reply(200, verdict(29), json);
    stubBaseline(cli, { defaultBranch: false, scan: 28 });
    const r = await cli.run([...gate, '--version', sha], { env: authEnv() });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('Gate failed');
  });

  it('--version whose newest scan is running: exit 10 at once, no check sent, the reports say why', async () => {
    cli.stub('ListScansInCompound', listing).reply(
      200,
      ok({
        scans: [row(31, sha, 'running', 55), row(30, sha, 'completed', 50), row(29, 'prev', 'completed', 40)],
      }),
      json,
    );
    const report = join(dir, 'running.json');
    const r = await cli.run([...gate, '--version', sha, '--report-json', report], { env: authEnv() });
    expect(r.code).toBe(10);
    expect(r.stderr).toBe(
      'error: the scan of 4f2a9c1 on shop (scan 31) has not finished: it is still running\n' +
        'hint: wait for it with --wait DURATION (e.g. --wait 20m), or run again later\n',
    );
    expect(cli.calls().map((c) => c.method)).toEqual(['GET']);
    expect(JSON.parse(readFileSync(report, 'utf8'))).toMatchObject({
      evaluated: false,
      error: { code: 'NOT_READY', exit_code: 10 },
    });
  });

  it('--version not there yet: exit 10, never the previous scan in its place', async () => {
    cli
      .stub('ListScansInCompound', listing)
      .reply(200, ok({ scans: [row(30, 'prev', 'completed', 50)] }), json);
    const r = await cli.run([...gate, '--version', sha, '-o', 'junit'], { env: authEnv() });
    expect(r.code).toBe(10);
    expect(r.stderr).toContain('error: the scan of 4f2a9c1 on shop is not there yet\n');
    expect(r.stdout).toContain('<error');
    expect(cli.calls()).toHaveLength(1);
  });

  it('--version whose newest scan failed: exit 11, though an older scan of it completed', async () => {
    cli
      .stub('ListScansInCompound', listing)
      .reply(200, ok({ scans: [row(31, sha, 'failed', 55), row(30, sha, 'completed', 50)] }), json);
    const md = join(dir, 'failed.md');
    const r = await cli.run([...gate, '--version', sha, '--report-markdown', md], { env: authEnv() });
    expect(r.code).toBe(11);
    expect(r.stderr).toBe(
      'error: the scan of 4f2a9c1 on shop (scan 31) failed: the analysis did not complete, so there is nothing to evaluate\n' +
        'hint: see `secscan compounds scan shop 31`, and run the analysis again\n',
    );
    expect(readFileSync(md, 'utf8')).toContain('not evaluated');
    expect(readFileSync(md, 'utf8')).toContain('(exit 11)');
  });

  it('a name that is no compound is looked for as an app; its app scan id goes in the body', async () => {
    cli
      .stub('ListScansInCompound', { path: { compoundName: 'pay' }, query: listing.query })
      .reply(404, { ok: false, code: 'NOT_FOUND', message: 'no compound is named pay' }, json);
    cli
      .stub('ListScans', { path: { appID: 'pay' }, query: { limit: 50 } })
      .reply(
        200,
        ok({ scans: [{ ...row(1042, sha, 'completed', 10), app: 'pay', status: undefined }] }),
        json,
      );
    cli
      .stub('CheckScans', { path: { compoundName: 'pay' }, body: checkBody(1042) })
      .reply(200, verdict(1042, 0), json);
    cli
      .stub('ReadScan', { path: { appID: 'pay', scanID: 1041 } })
      .reply(200, ok([{ id: '1041', app: 'pay', version: 'abc', successful: true }]), json);
    const pay = ['scans', 'check', '--compound', 'pay', '--rules', rules, '--source-branch', 'main'];
    const r = await cli.run([...pay, '--version', sha], { env: authEnv() });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      'Scan 1042: findings new since scan 1041 of main, abc (baseline: --source-branch).',
    );
  });

  it('a name that is neither: exit 5', async () => {
    cli
      .stub('ListScansInCompound', { path: { compoundName: 'nope' }, query: listing.query })
      .reply(404, {}, json);
    cli.stub('ListScans', { path: { appID: 'nope' }, query: { limit: 50 } }).reply(404, {}, json);
    const r = await cli.run(['scans', 'check', '--compound', 'nope', '--rules', rules, '--version', sha], {
      env: authEnv(),
    });
    expect(r.code).toBe(5);
    expect(r.stderr).toContain('error: no compound or app is named nope\n');
  });

  it('--scan older than the listing is read by id; --tag matches the scan’s tags', async () => {
    cli.stub('ListScansInCompound', listing).reply(200, ok({ scans: [row(30, 'x', 'completed', 50)] }), json);
    cli
      .stub('ReadCompoundScan', { path: { compoundName: 'shop', scanID: 7 }, query: { archived: true } })
      .reply(
        200,
        ok({
          polyglot_scan_id: 7,
          scans: [
            { id: '70', successful: true, completed_at: '2026-01-01T00:00:00Z' },
            { id: '71', successful: true, completed_at: '2026-01-01T00:00:00Z' },
          ],
        }),
        json,
      );
    cli.stub('CheckScans', { ...shop, body: checkBody(7) }).reply(200, verdict(7, 0), json);
    stubBaseline(cli, { defaultBranch: false, scan: 6 });
    expect((await cli.run([...gate, '--scan', '7'], { env: authEnv() })).code).toBe(0);
    cli
      .stub('ListScansInCompound', listing)
      .reply(200, ok({ scans: [row(30, 'x', 'completed', 50), row(29, 'y', 'completed', 40)] }), json);
    cli.stub('CheckScans', { ...shop, body: checkBody(29) }).reply(200, verdict(29, 0), json);
    stubBaseline(cli, { defaultBranch: false, scan: 28 });
    expect((await cli.run([...gate, '--tag', 'pipeline=29'], { env: authEnv() })).code).toBe(0);
  });

  it('an answer evaluating another scan than the one asked for is exit 8, and the reports say why', async () => {
    cli.stub('ListScansInCompound', listing).reply(200, ok({ scans: [row(29, sha, 'completed', 40)] }), json);
    cli.stub('CheckScans', { ...shop, body: checkBody(29) }).reply(200, verdict(28, 0), json);
    const report = join(dir, 'mismatch.json');
    const r = await cli.run([...gate, '--version', sha, '--report-json', report], { env: authEnv() });
    expect(r.code).toBe(8);
    expect(r.stderr).toContain(
      'error: CheckScans: the service evaluated scan 28 instead of the scan of 4f2a9c1 on shop (scan 29): that is no verdict on the scan under test',
    );
    expect(JSON.parse(readFileSync(report, 'utf8'))).toMatchObject({
      evaluated: false,
      error: { exit_code: 8 },
    });
  });

  it.each([
    [{ ...row(29, sha, 'completed', 40), status: 'failed' }, 'shows no state this version can read'],
    [{ ...row(29, sha, 'completed', 40), successful: undefined, status: undefined }, 'ListScansInCompound'],
    [{ ...row(29, sha, 'completed', 40), id: 'abc' }, 'has the id "abc", which is not a scan number'],
    [{ ...row(29, sha, 'completed', 40), id: '9007199254740993' }, 'which is not a scan number'],
  ])('a row it cannot read the state or id of is exit 8, never a pass: %j', async (scan, message) => {
    cli.stub('ListScansInCompound', listing).reply(200, ok({ scans: [scan] }), json);
    const r = await cli.run([...gate, '--version', sha], { env: authEnv() });
    expect(r.code).toBe(8);
    expect(r.stderr).toContain(message);
  });
});

describe('scans check: a status the wait does not know is exit 8; a scan still running is exit 10', () => {
  it.each([['queued'], ['RUNNING'], ['completed '], [42], [{ x: 1 }], ['weird']])(
    '%j beside successful: true is never evaluated',
    async (status) => {
      cli
        .stub('ListScansInCompound', listing)
        .reply(200, ok({ scans: [{ ...row(29, sha, 'completed', 40), status }] }), json);
      const r = await cli.run([...gate, '--version', sha, '--wait', '5m'], {
        env: authEnv(),
        clock: fakeClock(),
      });
      expect(r.code).toBe(8);
      expect(r.stderr).toContain('shows no state this version can read');
      expect(cli.calls().map((c) => c.method)).toEqual(['GET']);
    },
  );

  it('CheckScans answering 409 SCAN_NOT_FINISHED is exit 10 (not ready), so a pipeline retrying on 10 retries', async () => {
    cli
      .stub('CheckScans', { ...shop, body: checkBody(7) })
      .reply(409, { ok: false, code: 'SCAN_NOT_FINISHED', message: 'target: scan 7 is running' }, json);
    cli.stub('ListScansInCompound', listing).reply(200, ok({ scans: [] }), json);
    cli
      .stub('ReadCompoundScan', { path: { compoundName: 'shop', scanID: 7 }, query: { archived: true } })
      .reply(
        200,
        ok({ polyglot_scan_id: 7, status: 'completed', scans: [{ id: '70', successful: true }] }),
        json,
      );
    const r = await cli.run([...gate, '--scan', '7'], { env: authEnv() });
    expect(r.code).toBe(10);
    expect(r.stderr).toContain('target: scan 7 is running (HTTP 409 SCAN_NOT_FINISHED)');
    expect(r.stderr).toContain(
      'hint: the scan has not finished: wait for it (--wait DURATION), or run again later',
    );
  });
});

describe('scans check: the service answering 409 SCAN_FAILED (issue 41)', () => {
  it('is exit 11 (the scan failed), not 6, with its hint, and the report says so', async () => {
    cli
      .stub('CheckScans', { ...shop, body: checkBody(7) })
      .reply(
        409,
        { ok: false, code: 'SCAN_FAILED', message: 'target: scan 7 failed: it has no results to check' },
        json,
      );
    cli.stub('ListScansInCompound', listing).reply(200, ok({ scans: [] }), json);
    cli
      .stub('ReadCompoundScan', { path: { compoundName: 'shop', scanID: 7 }, query: { archived: true } })
      .reply(
        200,
        ok({ polyglot_scan_id: 7, status: 'completed', scans: [{ id: '70', successful: true }] }),
        json,
      );
    const report = join(dir, 'scan-failed.json');
    const r = await cli.run([...gate, '--scan', '7', '--report-json', report], { env: authEnv() });
    expect(r.code).toBe(11);
    expect(r.stderr).toBe(
      'error: CheckScans: target: scan 7 failed: it has no results to check (HTTP 409 SCAN_FAILED)\n' +
        'hint: the analysis of that scan failed, so it has no results: run the analysis again, or name another scan\n',
    );
    expect(JSON.parse(readFileSync(report, 'utf8'))).toMatchObject({
      evaluated: false,
      error: { code: 'SCAN_FAILED', exit_code: 11 },
    });
  });
});

describe('scans check --wait: polls until the scan under test has completed', () => {
  it('waits through a running scan with backoff, then gates on it; a CI log gets a line a minute', async () => {
    cli
      .stub('ListScansInCompound', listing)
      .reply(200, ok({ scans: [row(31, sha, 'running', 55)] }), json)
      .times(7);
    cli.stub('ListScansInCompound', listing).reply(200, ok({ scans: [row(31, sha, 'completed', 55)] }), json);
    cli.stub('CheckScans', { ...shop, body: checkBody(31) }).reply(200, verdict(31), json);
    stubBaseline(cli, { defaultBranch: false, scan: 30 });
    const clock = fakeClock({ random: 1 - 1e-9 });
    const r = await cli.run([...gate, '--version', sha, '--wait', '20m'], { env: authEnv(), clock });
    expect(r.code).toBe(1);
    // Full jitter under a ceiling doubling from 2 s to 30 s; the sleeps end at each minute for its line.
    expect(clock.elapsed()).toBe([2000, 4000, 8000, 16000, 30000, 30000, 30000].reduce((a, b) => a + b));
    expect(r.stderr).toBe(
      'waiting for the scan of 4f2a9c1 on shop: running, 0s\n' +
        'waiting for the scan of 4f2a9c1 on shop: running, 1m\n' +
        'waiting for the scan of 4f2a9c1 on shop: running, 2m\n',
    );
  });

  it('on a terminal, one live line redrawn each second and cleared at the end', async () => {
    cli.stub('ListScansInCompound', listing).reply(200, ok({ scans: [] }), json);
    cli.stub('ListScansInCompound', listing).reply(200, ok({ scans: [row(31, sha, 'running', 55)] }), json);
    cli.stub('ListScansInCompound', listing).reply(200, ok({ scans: [row(31, sha, 'completed', 55)] }), json);
    cli.stub('CheckScans', { ...shop, body: checkBody(31) }).reply(200, verdict(31, 0), json);
    stubBaseline(cli, { defaultBranch: false, scan: 30 });
    const clock = fakeClock({ random: 1 - 1e-9 });
    const r = await cli.run([...gate, '--version', sha, '--wait', '20m'], {
      env: authEnv({ TERM: 'xterm' }),
      stderrTTY: true,
      clock,
    });
    expect(r.code).toBe(0);
    const frames = r.stderr.split('\r\x1b[2K').filter((f) => f.startsWith('waiting'));
    expect(frames[0]).toBe('waiting for the scan of 4f2a9c1 on shop: not there yet, 0s');
    expect(frames).toContain('waiting for the scan of 4f2a9c1 on shop: not there yet, 1s');
    expect(frames).toContain('waiting for the scan of 4f2a9c1 on shop: running, 5s');
    expect(frames.at(-1)).toBe('waiting for the scan of 4f2a9c1 on shop: running, 6s');
    // The line is cleared before anything else is written.
    expect(r.stderr.slice(r.stderr.lastIndexOf('waiting for'))).toMatch(/^waiting for [^\r\n]*\r\x1b\[2K/);
    expect(clock.sleeps.every((ms) => ms <= 1000)).toBe(true);
  });

  it('--quiet waits without a word; the wait running out is exit 10 naming how long it waited', async () => {
    cli
      .stub('ListScansInCompound', listing)
      .reply(200, ok({ scans: [] }), json)
      .persist();
    const clock = fakeClock();
    const r = await cli.run([...gate, '--version', sha, '--wait', '3m', '--quiet'], {
      env: authEnv(),
      clock,
    });
    expect(r.code).toBe(10);
    expect(r.stderr).toBe(
      'error: the scan of 4f2a9c1 on shop is not there after waiting 3m\n' +
        'hint: wait longer (--wait), or check the version or tag the analysis was given\n',
    );
    expect(clock.elapsed()).toBe(180_000);
    // Backoff, not a busy loop: a few dozen looks in three minutes at most.
    expect(cli.calls().length).toBeLessThan(20);
  });

  it('honours Retry-After: the next look waits as long as the service asked', async () => {
    cli.stub('ListScansInCompound', listing).reply(
      503,
      { ok: false, message: 'busy' },
      {
        headers: { 'content-type': 'application/json', 'retry-after': '7' },
      },
    );
    cli.stub('ListScansInCompound', listing).reply(200, ok({ scans: [row(31, sha, 'completed', 55)] }), json);
    cli.stub('CheckScans', { ...shop, body: checkBody(31) }).reply(200, verdict(31, 0), json);
    stubBaseline(cli, { defaultBranch: false, scan: 30 });
    const clock = fakeClock();
    const r = await cli.run([...gate, '--version', sha, '--wait', '20m', '--retries', '0', '--debug'], {
      env: authEnv(),
      clock,
    });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('the service answered HTTP 503, retrying; next look in 7000 ms (Retry-After)');
    expect(clock.elapsed()).toBe(7000);
  });

  it('a Retry-After beyond the wait ends it at once: exit 7', async () => {
    cli.stub('ListScansInCompound', listing).reply(
      429,
      { ok: false, message: 'slow down' },
      {
        headers: { 'content-type': 'application/json', 'retry-after': '600' },
      },
    );
    const clock = fakeClock();
    const r = await cli.run([...gate, '--version', sha, '--wait', '2m', '--retries', '0'], {
      env: authEnv(),
      clock,
    });
    expect(r.code).toBe(7);
    expect(r.stderr).toMatch(
      /slow down \(HTTP 429\); the service asks to be retried at \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ \(in 10m\), after the wait runs out\n/,
    );
    expect(clock.sleeps).toEqual([]);
  });

  it('Ctrl-C during the wait: exit 130, the reports written', async () => {
    cli
      .stub('ListScansInCompound', listing)
      .reply(200, ok({ scans: [] }), json)
      .persist();
    const controller = new AbortController();
    const clock = fakeClock({ onSleep: (n) => n === 2 && controller.abort(new InterruptedError()) });
    const report = join(dir, 'interrupted.json');
    const r = await cli.run([...gate, '--version', sha, '--wait', '20m', '--report-json', report], {
      env: authEnv(),
      clock,
      signal: controller.signal,
    });
    expect(r.code).toBe(130);
    expect(JSON.parse(readFileSync(report, 'utf8'))).toMatchObject({
      evaluated: false,
      error: { exit_code: 130 },
    });
  });
});
