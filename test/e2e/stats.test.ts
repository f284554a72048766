import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedEnv, type RunningSandbox, secscan, startSandbox } from './sandbox.js';

type Row = Record<string, unknown>;

/** What `findings list` gives, grouped as `stats` groups: by severity, type and oss_vuln reachability. */
function grouped(findings: Row[]): Row {
  const out: Record<string, number> = {
    critical: 0,
    high: 0,
    medium: 0,
    low: 0,
    total: 0,
    vuln: 0,
    secret: 0,
    oss_vuln: 0,
    oss_vuln_reachable: 0,
    oss_vuln_unreachable: 0,
    container: 0,
    other: 0,
  };
  for (const f of findings) {
    out[f.severity as string] = (out[f.severity as string] ?? 0) + 1;
    out.total = (out.total ?? 0) + 1;
    const type = f.type as string;
    const key = ['vuln', 'secret', 'oss_vuln', 'container'].includes(type) ? type : 'other';
    out[key] = (out[key] ?? 0) + 1;
    if (type === 'oss_vuln') {
      const reach = (f.tags as { key: string; value: unknown }[]).find((t) => t.key === 'reachability');
      const which = reach?.value === 'reachable' ? 'oss_vuln_reachable' : 'oss_vuln_unreachable';
      out[which] = (out[which] ?? 0) + 1;
    }
  }
  return out;
}

const counted = (row: Row): Row => Object.fromEntries(Object.keys(grouped([])).map((key) => [key, row[key]]));

describe('stats against a seeded sandbox', () => {
  let sandbox: RunningSandbox;
  const config = isolatedEnv();
  let env: Record<string, string>;

  beforeAll(async () => {
    sandbox = await startSandbox(['--apps', '8']);
    env = {
      ...config.env,
      ...sandbox.settings,
    };
  }, 60_000);
  afterAll(async () => {
    await sandbox?.stop();
    config.cleanup();
  });

  it.each([
    ['the latest scan of each app', [], (_branch: string) => []],
    [
      'the latest scan of each default branch',
      ['--default-branch'],
      (branch: string) => ['--branch', branch],
    ],
  ])(
    'equals, app by app and severity by severity, what findings list --app X --all gives: %s',
    async (_what, flags, listFlags) => {
      const stats = await secscan(['stats', ...flags, '-o', 'json'], env);
      expect(stats.stderr).toBe('');
      expect(stats.exitCode).toBe(0);
      const rows = JSON.parse(String(stats.stdout)) as Row[];
      const apps = rows.filter((r) => !r.is_total);
      expect(apps).toHaveLength(13);
      const listed = JSON.parse(String((await secscan(['apps', 'list', '-o', 'json'], env)).stdout)) as Row[];
      const branchOf = new Map(listed.map((a) => [a.id, a.base_branch as string]));
      const sums: Row = grouped([]);
      for (const row of apps) {
        const list = await secscan(
          [
            'findings',
            'list',
            '--app',
            row.app as string,
            ...listFlags(branchOf.get(row.app) ?? ''),
            '--all',
            '-o',
            'ndjson',
          ],
          env,
        );
        expect(list.exitCode).toBe(0);
        const findings = String(list.stdout)
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as Row);
        const expected = grouped(findings);
        expect({ app: row.app, ...counted(row) }).toEqual({ app: row.app, ...expected });
        for (const [key, value] of Object.entries(expected))
          sums[key] = (sums[key] as number) + (value as number);
      }
      expect(apps.some((r) => (r.total as number) > 0)).toBe(true);
      const total = rows.at(-1) as Row;
      expect(total.is_total).toBe(true);
      expect(counted(total)).toEqual(sums);
    },
    120_000,
  );
});

describe('stats against a rate-limited sandbox', () => {
  it('covers 200 apps with no request failing for 429 and no window serving more than the limit', async () => {
    const sandbox = await startSandbox(['--apps', '200', '--rate-limit', '20/s', '--log']);
    const config = isolatedEnv();
    try {
      const env = {
        ...config.env,
        ...sandbox.settings,
      };
      const stats = await secscan(['stats', '-o', 'ndjson'], env);
      expect(stats.stderr).toBe('');
      expect(stats.exitCode).toBe(0);
      const rows = String(stats.stdout).trim().split('\n');
      expect(rows).toHaveLength(206);
      expect(JSON.parse(rows.at(-1) as string)).toMatchObject({ is_total: true, apps: 205 });
    } finally {
      await sandbox.stop();
      config.cleanup();
    }
    // The sandbox logs each window when the next begins, and the last one when it stops.
    const windows = sandbox.log.filter((line) => line.startsWith('rate-limit: '));
    const served = windows.map((line) => Number(/ served (\d+),/.exec(line)?.[1]));
    expect(Math.max(...served)).toBeLessThanOrEqual(20);
    const requests = sandbox.log.filter((line) => /^GET \/api\/v4\/\S+ \d{3} \d+ms$/.test(line));
    const answered = requests.filter((line) => !/ 429 \d+ms$/.test(line));
    expect(served.reduce((a, b) => a + b, 0)).toBe(answered.length);
    // Every app was counted: a 429 (if any) was waited out and asked again.
    const findingsRequests = answered.filter((line) => /\/apps\/[^/]+\/findings 200 /.test(line));
    expect(findingsRequests).toHaveLength(205);
    // Paced by the RateLimit-Policy header, the run is refused seldom if ever.
    expect(requests.length - answered.length).toBeLessThan(20);
  }, 120_000);
});
