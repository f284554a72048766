import type { Operation } from '@secscan/api/operation';
import type { Caller } from '../permissions.js';
import type { AuditEventRecord, SandboxState } from '../state.js';

/** Appends a successful write (POST, PUT, PATCH, DELETE) to the audit trail. */
export function recordWrite(
  state: SandboxState,
  caller: Caller,
  op: Operation,
  path: string,
  status: number,
): void {
  state.audit.push({
    at: new Date().toISOString(),
    user_id: caller.user.id_v2,
    email: caller.user.email,
    token_id: caller.token.id,
    operation: op.id,
    method: op.method,
    path,
    status,
  });
}

const columns = ['timestamp', 'user_id', 'user_email', 'token_id', 'action', 'method', 'path', 'status'];

function cell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The events of one month, or of one day of it (UTC), oldest first, as CSV with a header row. */
export function auditCsv(
  events: readonly AuditEventRecord[],
  year: number,
  month: number,
  day?: number,
): string {
  const prefix = `${year}-${String(month).padStart(2, '0')}${day === undefined ? '' : `-${String(day).padStart(2, '0')}`}`;
  const rows = events
    .filter((e) => e.at.startsWith(prefix))
    .sort((a, b) => a.at.localeCompare(b.at))
    .map((e) =>
      [e.at, e.user_id, e.email, e.token_id, e.operation, e.method, e.path, String(e.status)]
        .map(cell)
        .join(','),
    );
  return `${[columns.join(','), ...rows].join('\r\n')}\r\n`;
}
