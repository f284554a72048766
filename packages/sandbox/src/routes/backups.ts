import { backupArchive } from '../backups/archive.js';
import { readRange } from '../backups/range.js';
import { error, type HandlerMap, notFound, ok, type Reply } from '../http.js';
import type { BackupRecord, SandboxState } from '../state.js';

function newestFirst(state: SandboxState): BackupRecord[] {
  return [...state.backups].sort((a, b) => b.created_at.localeCompare(a.created_at));
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** The chunks of [start, end), dropping the connection at the first cut point inside it (`--cut-downloads`). */
function* cutAt(chunks: Iterable<Buffer>, start: number, cut: number | undefined): Generator<Buffer> {
  let at = start;
  for (const chunk of chunks) {
    if (cut !== undefined && at + chunk.length >= cut) {
      if (cut > at) yield chunk.subarray(0, cut - at);
      throw new Error(`injected fault: the transfer is cut at byte ${cut}`);
    }
    at += chunk.length;
    yield chunk;
  }
}

/** How far before the byte asked for a 206 starts under `--backup-faults shift-range`. */
const shiftBytes = 1024 * 1024;

export const backupHandlers = {
  // Completed and failed backups, the statuses the vendor document allows: one still running is left out
  // until it ends (a download by its id answers 409).
  ListOrganizationBackups: (ctx) =>
    ok(
      newestFirst(ctx.state)
        .filter((b) => b.status !== 'running')
        .map((b) => ({
          organization_id: ctx.state.org.id,
          backup_id: b.backup_id,
          status: b.status,
          created_at: b.created_at,
          ...(b.completed_at ? { completed_at: b.completed_at } : {}),
        })),
    ),

  // Without `backup_id`, the latest completed backup. Ranges (206, 416) and If-Range are served, or answered
  // wrongly as `--backup-faults` says.
  DownloadOrganizationBackup: async (ctx): Promise<Reply> => {
    const id = ctx.query.get('backup_id');
    const backups = newestFirst(ctx.state);
    const backup = id
      ? backups.find((b) => b.backup_id === id)
      : backups.find((b) => b.status === 'completed');
    if (!backup) {
      return notFound(id ? `no backup has the id ${id}` : 'the organization has no completed backup');
    }
    if (backup.status !== 'completed') {
      return error(409, 'BACKUP_NOT_READY', `backup ${backup.backup_id} is ${backup.status}, not completed`);
    }
    const archive = backupArchive(ctx.state, backup, ctx.settings.backupSize);
    const { sha256 } = await archive.seal();
    const { size, etag } = archive;
    const faults = new Set(ctx.settings.backupFaults);
    const headers: Record<string, string> = {
      'accept-ranges': 'bytes',
      etag,
      'last-modified': new Date(backup.completed_at ?? backup.created_at).toUTCString(),
      'content-disposition': `attachment; filename="${archive.fileName}"`,
      ...(faults.has('no-digest') ? {} : { 'repr-digest': `sha-256=:${sha256}:` }),
    };
    const ifRange = faults.has('ignore-if-range') ? undefined : header(ctx.headers['if-range']);
    const range = readRange(header(ctx.headers.range), ifRange, etag, size);
    if (range.kind === 'unsatisfiable') {
      return {
        ...error(416, 'RANGE_NOT_SATISFIABLE', `the backup has ${size} bytes`),
        headers: { ...headers, 'content-range': `bytes */${size}` },
      };
    }
    const [start, end] =
      range.kind === 'partial'
        ? [faults.has('shift-range') ? Math.max(0, range.start - shiftBytes) : range.start, range.end]
        : [0, size];
    const total = faults.has('other-total') ? size + 1 : size;
    if (range.kind === 'partial') headers['content-range'] = `bytes ${start}-${end - 1}/${total}`;
    const cut = ctx.settings.cutDownloads
      .map((share) => Math.floor(share * size))
      .filter((at) => at > start && at < end)
      .sort((a, b) => a - b)[0];
    return {
      status: range.kind === 'partial' ? 206 : 200,
      media: 'application/gzip',
      headers,
      stream: { length: end - start, chunks: () => cutAt(archive.chunks(start, end), start, cut) },
    };
  },
} satisfies HandlerMap;
