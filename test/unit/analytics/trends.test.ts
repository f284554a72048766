import { describe, expect, it } from 'vitest';
import { computeTrends, median, weekStart } from '../../../src/analytics/trends.js';
import type { AppHistory, FindingFacts } from '../../../src/analytics/trends-model.js';

const day = 86_400_000;
const t = (date: string) => Date.parse(`${date}T00:00:00Z`);

function finding(id: string, severity: string, extra: Partial<FindingFacts> = {}): FindingFacts {
  return {
    id,
    severity,
    type: 'vuln',
    title: `finding ${id}`,
    status: 'unset',
    firstSeen: undefined,
    ...extra,
  };
}

function app(name: string, scans: [string, string[]][], findings: FindingFacts[], team?: string): AppHistory {
  return {
    app: name,
    team,
    scans: scans.map(([date, present], i) => ({
      id: `${name}-${i}`,
      at: t(date),
      present: new Set(present),
    })),
    findings: new Map(findings.map((f) => [f.id, f])),
  };
}

const sla = { critical: 7, high: 30, medium: 90, low: 180 };

describe('weekStart and median', () => {
  it('starts weeks on Monday, 00:00 UTC', () => {
    expect(new Date(weekStart(t('2026-06-03') + 5 * 3_600_000)).toISOString()).toBe(
      '2026-06-01T00:00:00.000Z',
    );
    expect(weekStart(t('2026-06-01'))).toBe(t('2026-06-01'));
    expect(new Date(weekStart(t('2026-06-07') + day - 1)).toISOString()).toBe('2026-06-01T00:00:00.000Z');
  });

  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([])).toBeNull();
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});

describe('computeTrends', () => {
  const window = { since: t('2026-06-01'), until: t('2026-06-29'), sla, by: 'severity' as const };

  it('counts a finding from when any branch first saw it, and one that came back from its return', () => {
    const history = app(
      'a',
      [
        ['2026-05-30', ['1']],
        ['2026-06-05', ['2']],
        ['2026-06-12', ['1', '2']],
        ['2026-06-19', []],
      ],
      // 2 was first seen on a feature branch on 2026-06-02, three days before the default branch had it.
      [finding('1', 'high'), finding('2', 'high', { firstSeen: t('2026-06-02') })],
    );
    const report = computeTrends({ ...window, apps: [history] });
    expect(report.summary).toMatchObject({ new: 1, reopened: 1, fixed: 3 });
    // 1: open 2026-05-30 to 06-05 (6 days), back 06-12 to 06-19 (7); 2: 06-02 to 06-19 (17).
    expect(report.time_to_fix.by_severity.find((r) => r.group === 'high')).toEqual({
      group: 'high',
      fixes: 3,
      mean_days: 10,
      median_days: 7,
    });
    expect(
      report.weekly.map((w) => [w.week, w.new.total, w.reopened.total, w.fixed.total, w.open.total]),
    ).toEqual([
      ['2026-06-01', 1, 0, 1, 1],
      ['2026-06-08', 0, 1, 0, 2],
      ['2026-06-15', 0, 0, 2, 0],
      ['2026-06-22', 0, 0, 0, 0],
    ]);
  });

  it('leaves out ignored and 3rdparty findings, and a severity without an SLA is never past it', () => {
    const history = app(
      'a',
      [
        ['2026-05-01', ['1', '2', '3', '4']],
        ['2026-06-10', ['1', '2', '3']],
      ],
      [
        finding('1', 'critical', { status: 'ignored' }),
        finding('2', 'critical', { status: '3rdparty' }),
        finding('3', 'info'),
        finding('4', 'critical', { status: 'fixed' }),
      ],
    );
    const report = computeTrends({ ...window, apps: [history] });
    expect(report.summary.open).toEqual({ critical: 0, high: 0, medium: 0, low: 0, info: 1, total: 1 });
    expect(report.summary).toMatchObject({ fixed: 1, open_past_sla: 0, fixed_late: 1 });
    expect(report.sla.by_severity.find((r) => r.group === 'info')).toEqual({
      group: 'info',
      sla_days: null,
      open: 1,
      open_past_sla: 0,
      fixed: 0,
      fixed_late: 0,
    });
  });

  it('groups by app and team, an app without a team under (no team), apps without scans as zeros', () => {
    const report = computeTrends({
      ...window,
      by: 'team',
      apps: [
        app('a', [['2026-06-03', ['1']]], [finding('1', 'low')], 'Web'),
        app('b', [['2026-06-04', ['2', '3']]], [finding('2', 'low'), finding('3', 'high')]),
        app('c', [], []),
      ],
    });
    expect(report.weekly[0]?.new).toEqual({ '(no team)': 2, Web: 1, total: 3 });
    expect(report.weekly_by_severity[0]?.new).toMatchObject({ high: 1, low: 2, total: 3 });
    expect(report.sla.by_app.map((r) => [r.group, r.team, r.open])).toEqual([
      ['a', 'Web', 1],
      ['b', '(no team)', 2],
      ['c', '(no team)', 0],
    ]);
    expect(report.basis).toMatchObject({ apps: 3, scans: 2, by: 'team', days: 28 });
  });

  it('ages open findings at --until and sorts the breaches by how far over they are', () => {
    const report = computeTrends({
      ...window,
      apps: [
        app('a', [['2026-04-01', ['1', '2']]], [finding('1', 'high'), finding('2', 'critical')]),
        app('b', [['2026-06-20', ['3']]], [finding('3', 'critical', { firstSeen: t('2026-06-01') })]),
      ],
    });
    expect(report.sla.breaches.map((b) => [b.app, b.finding, b.age_days, b.over_by_days])).toEqual([
      ['a', '2', 89, 82],
      ['a', '1', 89, 59],
      ['b', '3', 28, 21],
    ]);
  });
});
