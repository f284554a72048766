import { fillPath } from '@secscan/api/operation';
import { type OperationId, operations } from '@secscan/api/operations';
import { Prng } from '../random.js';
import type {
  AppRecord,
  AuditEventRecord,
  BackupRecord,
  ScmSecretAttempt,
  TokenRecord,
  UserRecord,
} from '../state.js';

const hour = 3_600_000;
const day = 24 * hour;
/** The backups and the seeded audit trail end on 2026-09-01, where the seeded scans are. */
const lastBackup = Date.UTC(2026, 8, 1, 2, 0, 0);

/**
 * A stream of its own, so these sections never shift the data seeded before them (a seed keeps giving the
 * same apps, findings and tokens whatever is added here).
 */
function historyRng(seed: number, salt: number): Prng {
  return new Prng((seed ^ salt) >>> 0);
}

/** A nightly backup for a week, newest first: the newest still running, one that failed. */
export function seedBackups(seed: number): BackupRecord[] {
  const rng = historyRng(seed, 0x0bac_0001);
  return Array.from({ length: 7 }, (_, i): BackupRecord => {
    const created = lastBackup - i * day + rng.int(0, 300) * 1000;
    const record: BackupRecord = {
      backup_id: rng.uuid(),
      status: i === 0 ? 'running' : i === 3 ? 'failed' : 'completed',
      created_at: new Date(created).toISOString(),
    };
    if (i !== 0) record.completed_at = new Date(created + rng.int(240, 1_800) * 1000).toISOString();
    return record;
  });
}

/** The writes the seeded audit trail shows; method and path come from the table. */
const writes: readonly OperationId[] = [
  'CreateToken',
  'DeleteToken',
  'UpdateTeam',
  'SetAppFindingStatus',
  'CreateAppFindingComment',
  'UpdateOrgConfig',
];

/** About two months of administration before the last backup, oldest first. */
export function seedAudit(
  seed: number,
  orgId: string,
  users: readonly UserRecord[],
  tokens: readonly TokenRecord[],
  apps: readonly AppRecord[],
): AuditEventRecord[] {
  const rng = historyRng(seed, 0xa0d1_7000);
  const start = Date.UTC(2026, 6, 1, 8, 0, 0);
  const events: AuditEventRecord[] = [];
  for (let at = start; at < lastBackup; at += rng.int(8, 40) * hour) {
    const user = rng.pick(users.slice(0, 3));
    const token = tokens.find((t) => t.kind === 'user' && t.user_id === user.id_v2) ?? rng.pick(tokens);
    const op = operations[rng.pick(writes)];
    // Drawn for every event, whatever the path holds, so the draws that follow stay where they were.
    const [appID, id, findingID] = [rng.pick(apps).id, rng.uuid(), rng.int(1, 40)];
    const path = fillPath(op.path, { orgID: orgId, appID, tokenID: id, rbacTeamID: id, findingID });
    events.push({
      at: new Date(at).toISOString(),
      user_id: user.id_v2,
      email: user.email,
      token_id: token.id,
      operation: op.id,
      method: op.method,
      path,
      status: 200,
    });
  }
  return events;
}

/**
 * Secrets caught on their way into repositories over the 60 days before today (UTC), so the service's
 * default window (31 days) always has some: the only seeded section that depends on the date.
 */
export function seedScmSecrets(
  seed: number,
  users: readonly UserRecord[],
  tokens: readonly TokenRecord[],
  apps: readonly AppRecord[],
  now = Date.now(),
): ScmSecretAttempt[] {
  const rng = historyRng(seed, 0x5ec2_e75);
  const today = now - (now % day);
  const ci = tokens.filter((t) => t.kind === 'org' && t.token_type === 'access');
  const projects = apps.slice(0, 4).map((a) => a.id);
  return Array.from({ length: 24 }, (): ScmSecretAttempt => {
    const user = rng.pick(users.slice(0, 4));
    const byPipeline = ci.length > 0 && rng.next() < 0.4;
    const token = byPipeline
      ? rng.pick(ci)
      : (tokens.find((t) => t.kind === 'user' && t.user_id === user.id_v2) ?? rng.pick(tokens));
    return {
      at: new Date(today - rng.int(1, 60 * 24) * hour).toISOString(),
      project_id: rng.pick(projects),
      user_id: user.id_v2,
      token_id: token.id,
    };
  }).sort((a, b) => a.at.localeCompare(b.at));
}
