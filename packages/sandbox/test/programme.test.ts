import { describe, expect, it } from 'vitest';
import { seedState } from '../src/seed/index.js';
import { addGeneratedApps } from '../src/seed/programme.js';
import { startSandbox } from '../src/start.js';
import { call } from './harness.js';

const day = 86_400_000;

describe('generated apps (--apps N)', () => {
  it('adds N apps with half a year of weekly default-branch scans, leaving the demo data as it was', () => {
    const plain = seedState(1);
    const state = seedState(1);
    expect(addGeneratedApps(state, 3, 1)).toBe(true);
    expect(state.apps.map((a) => a.id).slice(5)).toEqual(['svc-0001', 'svc-0002', 'svc-0003']);
    expect(state.apps.slice(0, 5)).toEqual(plain.apps);
    expect(state.analysis.findings.slice(0, plain.analysis.findings.length)).toEqual(plain.analysis.findings);
    expect(state.analysis.scans.slice(0, plain.analysis.scans.length)).toEqual(plain.analysis.scans);
    for (const app of state.apps.slice(5)) {
      const scans = state.analysis.scans.filter((s) => s.app === app.id);
      expect(scans.length).toBeGreaterThanOrEqual(20);
      expect(scans.every((s) => s.is_default_branch && s.branch === app.base_branch)).toBe(true);
      const dates = scans.map((s) => Date.parse(s.started_at));
      expect(Math.max(...dates) - Math.min(...dates)).toBeGreaterThan(150 * day);
    }
    expect(addGeneratedApps(state, 3, 1)).toBe(false);
  });

  it('has findings fixed at known dates, some open past 30 days, and the same data for the same seed', () => {
    const state = seedState(1);
    addGeneratedApps(state, 20, 1);
    const again = seedState(1);
    addGeneratedApps(again, 20, 1);
    expect(again.analysis).toEqual(state.analysis);
    const generated = state.analysis.findings.filter((f) => f.app.startsWith('svc-'));
    const lastScan = (app: string) =>
      state.analysis.scans
        .filter((s) => s.app === app)
        .sort((a, b) => b.started_at.localeCompare(a.started_at))[0];
    const fixed = generated.filter((f) => f.status === 'fixed');
    expect(fixed.length).toBeGreaterThan(50);
    for (const f of fixed) expect(lastScan(f.app)?.finding_ids).not.toContain(f.id);
    const openOld = generated.filter(
      (f) =>
        lastScan(f.app)?.finding_ids.includes(f.id) &&
        Date.parse(lastScan(f.app)?.started_at ?? '') - Date.parse(f.created_at) > 30 * day,
    );
    expect(openOld.length).toBeGreaterThan(20);
    expect(new Set(generated.map((f) => f.severity))).toEqual(new Set(['critical', 'high', 'medium', 'low']));
    expect(new Set(generated.map((f) => f.type))).toContain('oss_vuln');
    // An app's data does not depend on how many apps are generated.
    const fewer = seedState(1);
    addGeneratedApps(fewer, 2, 1);
    const of = (s: typeof state, app: string) => s.analysis.findings.filter((f) => f.app === app);
    expect(of(fewer, 'svc-0002')).toEqual(of(state, 'svc-0002'));
  });

  it('serves them from startSandbox({ apps: N }), in teams', async () => {
    const sandbox = await startSandbox({ port: 0, apps: 8 });
    try {
      const apps = (await call(sandbox, 'ListApps')).json.response as { id: string; team_id?: string }[];
      const generated = apps.filter((a) => a.id.startsWith('svc-'));
      expect(generated).toHaveLength(8);
      expect(generated.filter((a) => a.team_id).length).toBeGreaterThanOrEqual(6);
      const versions = await call(sandbox, 'ListAppVersions', { params: { appID: 'svc-0001' } });
      expect(versions.json.response.length).toBeGreaterThanOrEqual(20);
    } finally {
      await sandbox.close();
    }
    await expect(startSandbox({ apps: 6000 })).rejects.toThrow('invalid value for --apps: "6000"');
  });
});

describe('scans recorded at a date, apps in a team', () => {
  it('records a history at known dates, each after the last, on an app of a seeded team', async () => {
    const sandbox = await startSandbox({ port: 0, apps: [{ id: 'checkout', team: 'Web' }] });
    try {
      const first = sandbox.scan({
        app: 'checkout',
        at: '2026-06-01T09:00:00Z',
        new: [{ severity: 'high', count: 2 }],
      });
      const second = sandbox.scan({ app: 'checkout', at: '2026-06-08T09:00:00.000Z', fix: 1 });
      expect(second.fixed).toEqual([first.new[1]]);
      const scans = sandbox.state.analysis.scans.filter((s) => s.app === 'checkout');
      expect(scans.map((s) => s.started_at)).toEqual([
        '2026-06-01T09:00:00.000Z',
        '2026-06-08T09:00:00.000Z',
      ]);
      expect(() => sandbox.scan({ app: 'checkout', at: '2026-06-08T09:00:00Z' })).toThrow(
        'scan: at: 2026-06-08T09:00:00Z is not after the last scan of checkout on main',
      );
      const web = sandbox.state.rbac.teams.find((t) => t.team_name === 'Web');
      expect(sandbox.state.apps.find((a) => a.id === 'checkout')?.team_id).toBe(web?.team_id);
    } finally {
      await sandbox.close();
    }
    await expect(startSandbox({ apps: [{ id: 'x1', team: 'Nobody' }] })).rejects.toThrow(
      'no team is named "Nobody"',
    );
  });
});
