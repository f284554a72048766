import type { Dialect } from './db.js';

/** The few expressions the two dialects spell differently. */
const spell: Record<
  Dialect,
  { days: (a: string, b: string) => string; now: string; week: (x: string) => string }
> = {
  sqlite: {
    days: (a, b) => `(julianday(${a}) - julianday(${b}))`,
    now: `strftime('%Y-%m-%dT%H:%M:%SZ', 'now')`,
    // The Monday of the week (weeks start on Monday, as `reports trends` counts them).
    week: (x) => `date(${x}, 'weekday 0', '-6 days')`,
  },
  postgres: {
    days: (a, b) => `(EXTRACT(EPOCH FROM (${a} - ${b})) / 86400.0)`,
    now: 'now()',
    week: (x) => `CAST(date_trunc('week', ${x}) AS DATE)`,
  },
};

const team = `JOIN apps a ON a.org_id = X.org_id AND a.app_id = X.app_id
  LEFT JOIN teams t ON t.org_id = a.org_id AND t.team_id = a.team_id`;

/**
 * The views of the usual questions (docs/guide/database.md queries them). Open means status unset; first
 * seen is when the scan of the finding's version_first_seen completed, else when a sync first saw it; a fix
 * is a finding gone from its app's latest scan, or set to fixed, as a sync saw it; SLA days by severity
 * are those of `reports trends` (critical 7, high 30, medium 90, low 180).
 */
export function viewStatements(dialect: Dialect): string[] {
  const { days, now, week } = spell[dialect];
  return [
    `CREATE VIEW finding_first_seen AS
SELECT f.org_id, f.app_id, f.finding_id, COALESCE(
  (SELECT MIN(COALESCE(s.completed_at, s.started_at)) FROM scans s
    WHERE s.org_id = f.org_id AND s.app_id = f.app_id AND s.version = f.version_first_seen),
  (SELECT MIN(e.seen_at) FROM finding_events e
    WHERE e.org_id = f.org_id AND e.app_id = f.app_id AND e.finding_id = f.finding_id AND e.kind = 'new')
) AS first_seen_at
FROM findings f`,
    `CREATE VIEW open_by_severity AS
SELECT X.org_id, X.app_id, a.team_id, t.name AS team_name, X.severity, COUNT(*) AS open_findings
FROM findings X ${team}
WHERE X.status = 'unset'
GROUP BY X.org_id, X.app_id, a.team_id, t.name, X.severity`,
    `CREATE VIEW sla_breaches AS
SELECT X.org_id, X.app_id, t.name AS team_name, X.finding_id, X.severity, X.title, fs.first_seen_at,
  ${days(now, 'fs.first_seen_at')} AS age_days, sla.days AS sla_days
FROM findings X ${team}
JOIN finding_first_seen fs ON fs.org_id = X.org_id AND fs.app_id = X.app_id AND fs.finding_id = X.finding_id
JOIN (SELECT 'critical' AS severity, 7 AS days UNION ALL SELECT 'high', 30
  UNION ALL SELECT 'medium', 90 UNION ALL SELECT 'low', 180) sla ON sla.severity = X.severity
WHERE X.status = 'unset' AND fs.first_seen_at IS NOT NULL AND ${days(now, 'fs.first_seen_at')} > sla.days`,
    `CREATE VIEW finding_fixes AS
SELECT X.org_id, X.app_id, a.team_id, t.name AS team_name, X.finding_id, X.severity, X.type,
  X.first_seen_at, X.seen_at AS fixed_at, ${days('X.seen_at', 'X.first_seen_at')} AS days_to_fix,
  X.kind AS how
FROM finding_events X LEFT ${team}
WHERE X.kind = 'gone' OR (X.kind = 'status' AND X.new_value = 'fixed')`,
    `CREATE VIEW time_to_fix AS
SELECT org_id, team_name, severity, COUNT(*) AS fixes, AVG(days_to_fix) AS mean_days,
  MAX(days_to_fix) AS max_days
FROM finding_fixes WHERE days_to_fix IS NOT NULL
GROUP BY org_id, team_name, severity`,
    `CREATE VIEW weekly_new_fixed AS
SELECT org_id, week, SUM(new_findings) AS new_findings, SUM(fixed_findings) AS fixed_findings FROM (
  SELECT org_id, ${week('first_seen_at')} AS week, 1 AS new_findings, 0 AS fixed_findings
    FROM finding_first_seen WHERE first_seen_at IS NOT NULL
  UNION ALL SELECT org_id, ${week('first_seen_at')}, 1, 0
    FROM finding_events WHERE kind = 'gone' AND first_seen_at IS NOT NULL
  UNION ALL SELECT org_id, ${week('fixed_at')}, 0, 1 FROM finding_fixes
) w
GROUP BY org_id, week`,
  ];
}

/** The views, by name (docs/reference/database.md lists them). */
export const viewNames = [
  'finding_first_seen',
  'open_by_severity',
  'sla_breaches',
  'finding_fixes',
  'time_to_fix',
  'weekly_new_fixed',
] as const;
