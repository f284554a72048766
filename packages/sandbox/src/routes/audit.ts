import type { PayloadOf } from '@secscan/api/operations/schemas';
import type { ScmSecretsAuditLog } from '@secscan/api/schemas/org-data';
import { auditCsv } from '../audit/trail.js';
import { bool } from '../analysis/findings-query.js';
import { error, type HandlerContext, type HandlerMap, invalid, ok, type Reply, text } from '../http.js';
import type { ScmSecretAttempt } from '../state.js';

const day = 86_400_000;

/** The service keeps the audit log off until the vendor enables it; `--audit-log` is that switch. */
function disabled(ctx: HandlerContext): Reply | undefined {
  if (ctx.settings.auditLog) return undefined;
  return error(
    403,
    'FEATURE_DISABLED',
    'the audit log is not enabled for this organization; contact customer success to enable it',
  );
}

function csvFor(ctx: HandlerContext, daily: boolean): Reply {
  const off = disabled(ctx);
  if (off) return off;
  const { auditYear, auditMonth, auditDay } = ctx.params as Record<string, string | undefined>;
  const year = Number(auditYear);
  const month = Number(auditMonth);
  const dayOfMonth = daily ? Number(auditDay) : undefined;
  const date = new Date(Date.UTC(year, month - 1, dayOfMonth ?? 1));
  if (
    !/^\d{4}$/.test(auditYear ?? '') ||
    !/^\d{1,2}$/.test(auditMonth ?? '') ||
    (daily && !/^\d{1,2}$/.test(auditDay ?? '')) ||
    date.getUTCMonth() !== month - 1 ||
    (dayOfMonth !== undefined && date.getUTCDate() !== dayOfMonth)
  ) {
    return invalid('invalid date', [
      `no such ${daily ? 'day' : 'month'}: ${[auditYear, auditMonth, auditDay].filter(Boolean).join('-')}`,
    ]);
  }
  return text(auditCsv(ctx.state.audit, year, month, dayOfMonth), 'application/csv');
}

interface Group {
  attempts: number;
  users: Set<string>;
  tokens: Set<string>;
  projects: Set<string>;
}

function tally(
  attempts: readonly ScmSecretAttempt[],
  key: (a: ScmSecretAttempt) => string,
): Map<string, Group> {
  const groups = new Map<string, Group>();
  for (const a of attempts) {
    const g = groups.get(key(a)) ?? { attempts: 0, users: new Set(), tokens: new Set(), projects: new Set() };
    g.attempts++;
    g.users.add(a.user_id);
    g.tokens.add(a.token_id);
    g.projects.add(a.project_id);
    groups.set(key(a), g);
  }
  return groups;
}

const sorted = (set: Set<string>) => [...set].sort();

export const auditHandlers = {
  DownloadAuditLog: (ctx) => csvFor(ctx, false),
  DownloadDailyAuditLog: (ctx) => csvFor(ctx, true),

  // Grouped by project as documented; `by-user` adds `users[]` (the service's by-user shape is not shown).
  GetOrgSCMSecretsAuditLog: (ctx) => {
    const raw = ctx.query.get('days');
    const days = raw === null || raw === '' ? 31 : Number(raw);
    if (!Number.isInteger(days) || days < 1) {
      return invalid('invalid query parameter days', ['days: expected a whole number, 1 or more']);
    }
    const byProject = bool(ctx.query, 'by-project') ?? ctx.query.has('by-project');
    const byUser = bool(ctx.query, 'by-user') ?? ctx.query.has('by-user');
    if (!byProject && !byUser) {
      return invalid('one of by-project and by-user is required', ['by-project: or by-user is required']);
    }
    const since = new Date(Date.now() - days * day).toISOString();
    const attempts = ctx.state.scmSecrets.filter((a) => a.at >= since);
    const all = tally(attempts, () => 'all').get('all');
    const projects = [...tally(attempts, (a) => a.project_id)]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([project_id, g]) => ({
        project_id,
        attempts: g.attempts,
        user_ids: sorted(g.users),
        token_ids: sorted(g.tokens),
      }));
    const response: PayloadOf<typeof ScmSecretsAuditLog> = {
      total_attempts: attempts.length,
      total_user_ids: all ? sorted(all.users) : [],
      total_token_ids: all ? sorted(all.tokens) : [],
      projects,
    };
    if (byUser) {
      response.users = [...tally(attempts, (a) => a.user_id)]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([user_id, g]) => ({
          user_id,
          attempts: g.attempts,
          project_ids: sorted(g.projects),
          token_ids: sorted(g.tokens),
        }));
    }
    return ok(response);
  },
} satisfies HandlerMap;
