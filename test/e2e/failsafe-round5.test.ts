import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedEnv, type RunningSandbox, secscan, startSandbox } from './sandbox.js';

/**
 * Issue 41, section 2 (a run never hangs on what it refused to wait for) and the last item of section 6
 * (409 SCAN_FAILED is exit 11), as the battery ran them: the built binary against a sandbox whose fault
 * rules answer what each case needs. A case that hung would not be timed: it would never end, and the
 * test's own timeout fails it; each test waits on the process's exit.
 */
type Rule = Record<string, unknown>;

async function setFaults(sandbox: RunningSandbox, rules: Rule[]): Promise<{ taken: number }[]> {
  const res = await fetch(`${sandbox.baseUrl}/_sandbox/faults`, {
    method: 'POST',
    headers: { authorization: `Bearer ${sandbox.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ rules }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { response: { rules: { taken: number }[] } }).response.rules;
}

async function faultCounts(sandbox: RunningSandbox): Promise<{ taken: number }[]> {
  const res = await fetch(`${sandbox.baseUrl}/_sandbox/faults`, {
    headers: { authorization: `Bearer ${sandbox.token}` },
  });
  return ((await res.json()) as { response: { rules: { taken: number }[] } }).response.rules;
}

const inSeconds = (s: number) => String(Math.floor(Date.now() / 1000) + s);
/** The first line of stderr: the error. */
const firstLine = (stderr: unknown) => String(stderr).split('\n')[0];

describe('a fan-out refused a wait exits 7 at once while the service holds every other request', () => {
  let sandbox: RunningSandbox;
  const config = isolatedEnv();
  let env: Record<string, string>;
  beforeAll(async () => {
    sandbox = await startSandbox(['--apps', '40']);
    env = { ...config.env, ...sandbox.settings };
  }, 60_000);
  afterAll(async () => {
    await sandbox?.stop();
    config.cleanup();
  });

  it.each([
    ['a Retry-After of a day', [] as string[], '86400', /\(in 24 h\), later than --max-retry-wait \(60 s\)/],
    ['an HTTP date in 2099', [], 'Thu, 01 Jan 2099 00:00:00 GMT', /retried at 2099-01-01T00:00:00Z/],
    [
      '59 s under --max-retry-wait 5s',
      ['--max-retry-wait', '5s'],
      '59',
      /\(in 59 s\), later than --max-retry-wait \(5 s\)/,
    ],
    ['Retry-After: 99999999999999999999', [], '99999999999999999999', /retried at 9999-12-31T23:59:59Z/],
  ])(
    'stats --concurrency 8, %s',
    async (_what, flags, retryAfter, message) => {
      // Seven requests held forever, in flight when the eighth is refused.
      await setFaults(sandbox, [
        { operation: 'ListAppFindings', times: 7, hold: true },
        { operation: 'ListAppFindings', status: 429, headers: { 'Retry-After': retryAfter } },
      ]);
      const r = await secscan([...flags, 'stats', '--concurrency', '8'], env);
      expect([r.exitCode, r.stdout]).toEqual([7, '']);
      expect(firstLine(r.stderr)).toMatch(
        /^error: ListAppFindings: HTTP 429: the service asks to be retried at /,
      );
      expect(firstLine(r.stderr)).toMatch(message);
      expect(String(r.stderr)).not.toMatch(/internal error|Invalid time value/);
      // The process ended with the seven held requests in flight.
      const [held] = await faultCounts(sandbox);
      expect(held?.taken).toBe(7);
    },
    60_000,
  );
});

describe('rate-limit windows: held to --max-retry-wait, one line within it, exit 7 past it', () => {
  let sandbox: RunningSandbox;
  const config = isolatedEnv();
  let env: Record<string, string>;
  beforeAll(async () => {
    // 600 findings: the organization's listing takes three pages.
    sandbox = await startSandbox(['--findings', '600']);
    env = { ...config.env, ...sandbox.settings };
  }, 60_000);
  afterAll(async () => {
    await sandbox?.stop();
    config.cleanup();
  });

  const window =
    /the service's rate limit has no request left until its window opens at \S+Z \(in 28 h\), later than --max-retry-wait \(60 s\) allows; not waiting$/;
  const cases: [string, () => Rule, RegExp][] = [
    [
      'X-RateLimit-Remaining: 0, a reset a day away',
      () => ({ headers: { 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': inSeconds(100_000) } }),
      window,
    ],
    [
      'RateLimit: remaining=0, reset=100000',
      () => ({ headers: { RateLimit: 'limit=100, remaining=0, reset=100000' } }),
      window,
    ],
    [
      'RateLimit-Policy: 1;w=100000',
      () => ({ headers: { 'RateLimit-Policy': '1;w=100000' } }),
      /the service's rate limit \(1 request per 100000 s\) allows the next request at \S+Z \(in 28 h\)/,
    ],
  ];

  it.each(cases)(
    'stats, every answer saying %s',
    async (_what, rule, message) => {
      await setFaults(sandbox, [rule()]);
      const r = await secscan(['stats'], env);
      expect([r.exitCode, r.stdout]).toEqual([7, '']);
      expect(firstLine(r.stderr)).toMatch(/^error: ListAppFindings: /);
      expect(firstLine(r.stderr)).toMatch(message);
    },
    60_000,
  );

  it.each(cases)(
    'findings list --org --all, every answer saying %s',
    async (_what, rule, message) => {
      await setFaults(sandbox, [rule()]);
      const r = await secscan(['findings', 'list', '--org', '--all', '-o', 'ndjson'], env);
      expect(r.exitCode).toBe(7);
      // The first page's rows are printed; the next page is never asked for.
      expect(String(r.stdout).trim().split('\n')).toHaveLength(250);
      expect(firstLine(r.stderr)).toMatch(/^error: ListOrgFindings: /);
      expect(firstLine(r.stderr)).toMatch(message);
      const [only] = await faultCounts(sandbox);
      expect(only?.taken).toBe(1);
    },
    60_000,
  );

  it('findings list --org --all, a 429 without Retry-After on the second page, its window a day away', async () => {
    await setFaults(sandbox, [
      {
        operation: 'ListOrgFindings',
        after: 1,
        status: 429,
        headers: { 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': inSeconds(100_000) },
      },
    ]);
    const r = await secscan(['findings', 'list', '--org', '--all', '-o', 'ndjson'], env);
    expect(r.exitCode).toBe(7);
    expect(firstLine(r.stderr)).toMatch(
      /^error: ListOrgFindings: HTTP 429: the service's rate limit has no request left until its window opens at \S+Z \(in 28 h\)/,
    );
  }, 60_000);

  it('a window within --max-retry-wait is waited out, one line saying when it opens', async () => {
    await setFaults(sandbox, [
      {
        operation: 'ListApps',
        times: 1,
        headers: { 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': inSeconds(7) },
      },
    ]);
    const r = await secscan(['stats', '-o', 'json'], env);
    expect(r.exitCode).toBe(0);
    const lines = String(r.stderr).trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^waiting \d+ s: the service's rate limit has no request left until its window opens at \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/,
    );
    expect((JSON.parse(String(r.stdout)) as unknown[]).length).toBeGreaterThan(1);
  }, 60_000);
});

describe('a service shedding all load ends a fan-out in one request’s retries, whatever the apps', () => {
  it('every request 503 Retry-After: 1 at --concurrency 16 over 205 apps: exit 7 before a third of them is asked', async () => {
    const sandbox = await startSandbox([
      '--apps',
      '200',
      '--fault',
      JSON.stringify({ operation: 'ListAppFindings', status: 503, headers: { 'Retry-After': '1' } }),
    ]);
    const config = isolatedEnv();
    try {
      const r = await secscan(['stats', '--concurrency', '16'], { ...config.env, ...sandbox.settings });
      expect(r.exitCode).toBe(7);
      expect(firstLine(r.stderr)).toMatch(
        /^error: ListAppFindings: injected fault \(HTTP 503 SERVICE_UNAVAILABLE\); the service asks to be retried at \S+Z; throttled 13 times in a row across the run, more than its retry budget \(--retries\) allows: not retrying$/,
      );
      // The run's budget (10 + --retries throttled answers in a row; those in flight count once), not one
      // per request queued: before, every app's request was retried up to twelve times.
      const [shed] = await faultCounts(sandbox);
      expect(shed?.taken).toBeLessThan(205 / 3);
    } finally {
      await sandbox.stop();
      config.cleanup();
    }
  }, 120_000);
});

describe('409 SCAN_FAILED is exit 11 wherever it comes', () => {
  it('scans check, the service refusing the check of a failed scan', async () => {
    const sandbox = await startSandbox([
      '--fault',
      JSON.stringify({
        operation: 'CheckScans',
        status: 409,
        code: 'SCAN_FAILED',
        message: 'target: scan 1 failed',
      }),
    ]);
    const config = isolatedEnv();
    try {
      const env = { ...config.env, ...sandbox.settings };
      const rules = `${config.dir}/rules.yml`;
      await import('node:fs').then(({ writeFileSync }) =>
        writeFileSync(rules, 'rules:\n  - id: no-critical\n    tags:\n      severity: [critical]\n'),
      );
      const r = await secscan(
        [
          'scans',
          'check',
          '--compound',
          'shop',
          '--rules',
          rules,
          '--target-branch',
          'feature/checkout',
          '--source-branch',
          'main',
        ],
        env,
      );
      expect(r.exitCode).toBe(11);
      expect(String(r.stderr)).toMatch(
        /target: scan 1 failed \(HTTP 409 SCAN_FAILED\)\nhint: the analysis of that scan failed/,
      );
    } finally {
      await sandbox.stop();
      config.cleanup();
    }
  }, 60_000);
});
