import { statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { ConfigError, UnexpectedResponseError, UsageError } from '../../errors.js';
import { humanBytes } from '../../streams/progress.js';
import { type DownloadRecord, downloadView } from '../../output/views/backups.js';
import { defineVerb, flag, parsed } from '../define.js';
import { int, pattern, uuid } from '../parsers.js';
import {
  fileNameFor,
  lockDir,
  pick,
  prepareDir,
  prune,
  PruneError,
  pruneStalePartials,
  readManifest,
  recordDownload,
  type StoredBackup,
  verifyExisting,
} from './internal/store.js';

const path = () => pattern(/\S/, 'expected a path');

/** A JSON answer (an error envelope sent with 200) is not an archive: never saved as one. */
function notJson(first: Buffer, headers: Record<string, string | string[] | undefined>): void {
  const type = String(headers['content-type'] ?? '').toLowerCase();
  if (type.includes('json') || /^\s*\{\s*"ok"/.test(first.subarray(0, 32).toString('latin1'))) {
    throw new UnexpectedResponseError(
      `DownloadOrganizationBackup: the service answered with ${type || 'JSON'} where a backup archive was expected`,
    );
  }
}

function summary(r: DownloadRecord): string {
  const size = humanBytes(r.bytes);
  const extra = [
    r.resumed ? `resumed ${r.resumed === 1 ? 'once' : `${r.resumed} times`}` : '',
    r.pruned.length ? `pruned ${r.pruned.length} older` : '',
  ].filter(Boolean);
  const tail = extra.length ? `; ${extra.join(', ')}` : '';
  if (r.skipped) return `Backup ${r.id} is already in ${r.path}, verified (${size}${tail}).`;
  return `Downloaded backup ${r.id} to ${r.path} (${size} in ${r.seconds.toFixed(1)} s, sha256 ${r.sha256.slice(0, 12)}…${tail}).`;
}

export default defineVerb({
  name: 'download',
  summary: 'Download a backup: resumed if interrupted, verified, renamed into place (for cron)',
  description:
    'Download the latest completed backup (or --id) into --dir, named backup-TIME-ID.tar.gz, or to ' +
    '--out.\n\n' +
    'The bytes go to a temporary file beside the target; the length is checked against what the ' +
    'service announced, the file is fsynced and renamed, and NAME.sha256 is written beside it ' +
    '(`sha256sum -c` reads it). An interrupted transfer resumes with a Range request where the ' +
    'service allows it, else restarts, within --retries. A run killed midway (SIGKILL, power loss) ' +
    'leaves .NAME.part and a record of it (the backup id, its ETag or Last-Modified, the bytes on the ' +
    'disk and their SHA-256); so does a run stopped by SIGTERM or Ctrl-C (exit 143 or 130), which ' +
    'syncs what it received and says on stderr how much it kept (none with -q). The next run resumes ' +
    'it with a Range request once the kept bytes still have their SHA-256 and the answer its ' +
    'validators (ETag, Last-Modified, length), or starts from zero and says why (another backup, the ' +
    'backup changed, the bytes on the disk changed, no range served, a range refused); the checksum ' +
    'covers the whole file. Once a download into --dir is complete, the .part files of older backups ' +
    'are removed (they would never be resumed), and stderr says so. A failed run leaves nothing, an ' +
    'interrupted one nothing under the final name. A lock in the directory refuses a second run ' +
    'writing there (exit 9). On success it prints one line on stderr (none with -q) and, with -o ' +
    'json, a record of what it downloaded.',
  examples: [
    'secscan backups download --dir ~/backups/secscan --keep 14',
    'secscan -q backups download --dir /var/backups/secscan --keep 7 --skip-existing',
    'secscan backups download --id 1db6a241-ae9e-43a4-9e96-4d7546f241a4 --out org.tar.gz',
    'secscan backups download --dir ./backups -o json   # {id, path, bytes, sha256, seconds}',
  ],
  operations: ['ListOrganizationBackups', 'DownloadOrganizationBackup'],
  options: {
    id: parsed(
      '--id <uuid>',
      'the backup to download (default: the latest completed one)',
      uuid('backup id'),
    ),
    dir: parsed('--dir <dir>', 'download into this directory (created if missing)', path(), {
      complete: 'dir',
      conflicts: ['out'],
    }),
    out: parsed('--out <file>', 'write the backup to this file', path(), {
      complete: 'file',
      conflicts: ['dir'],
    }),
    keep: parsed(
      '--keep <n>',
      'then keep only the N newest backups secscan downloaded into --dir (others are never touched)',
      int(1, 100_000),
    ),
    skipExisting: flag(
      '--skip-existing',
      'exit 0 without a transfer when the backup is already there and verified',
    ),
  },
  view: downloadView,
  validate({ opts }) {
    if (opts.dir === undefined && opts.out === undefined) {
      throw new UsageError('--dir or --out is required (where to put the backup)');
    }
    if (opts.keep !== undefined && opts.dir === undefined) {
      throw new UsageError('--keep needs --dir (it prunes the backups downloaded into that directory)');
    }
    if (opts.out === '-') {
      throw new UsageError('invalid value for --out: a backup is written to a file, not to standard output');
    }
    if (opts.out !== undefined && statSync(opts.out, { throwIfNoEntry: false })?.isDirectory()) {
      throw new UsageError(`invalid value for --out: ${opts.out} is a directory (use --dir)`);
    }
  },
  async run(ctx, { opts }) {
    const dir = resolve(opts.dir ?? dirname(opts.out as string));
    if (opts.dir !== undefined) await prepareDir(dir, '--dir');
    else if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) {
      throw new UsageError(`invalid value for --out: the directory ${dir} does not exist`);
    }
    const release = await lockDir(dir);
    const progress = await ctx.progress('Downloading');
    try {
      const client = await ctx.client();
      const backups = await client.call('ListOrganizationBackups');
      const backup = pick(backups, opts.id);
      const target = opts.out === undefined ? join(dir, fileNameFor(backup)) : resolve(opts.out);
      const known = await readManifest(dir);
      if (known === undefined)
        ctx.warn(`${join(dir, '.secscan-backups.json')} is unreadable: nothing is pruned`);
      let record: DownloadRecord | undefined;
      if (opts.skipExisting) {
        const started = performance.now();
        const existing = await verifyExisting(target);
        if (existing?.ok) {
          const seconds = Math.round(performance.now() - started) / 1000;
          const { bytes, sha256 } = existing;
          record = {
            id: backup.backup_id,
            path: target,
            bytes,
            sha256,
            seconds,
            resumed: 0,
            skipped: true,
            pruned: [],
          };
        } else if (existing) {
          ctx.warn(`${target} does not match ${basename(target)}.sha256: downloading it again`);
        }
      }
      if (!record) {
        const result = await (
          await import('../../api/transfer.js')
        ).transfer(
          (headers) =>
            client.open(
              'DownloadOrganizationBackup',
              { query: { backup_id: backup.backup_id } },
              { headers, pass: [416] },
            ),
          {
            dest: target,
            resume: true,
            attempts: ctx.retries + 1,
            maxRetryWaitMs: ctx.maxRetryWaitMs,
            context: 'DownloadOrganizationBackup',
            signal: ctx.signal,
            checksumFile: true,
            check: notJson,
            // A run killed midway (SIGKILL, power loss) or stopped by a signal leaves the .part and its
            // record: resumed here.
            persist: {
              identity: backup.backup_id,
              onResume: (from, total) =>
                ctx.note(
                  `Resuming backup ${backup.backup_id} at ${humanBytes(from)}${total ? ` of ${humanBytes(total)}` : ''} (the partial download of an earlier run).`,
                ),
              onRestart: (reason) => ctx.note(`Not resuming the earlier partial download: ${reason}.`),
              onKept: (bytes, total, part) =>
                ctx.note(
                  `Stopped: kept ${humanBytes(bytes)}${total ? ` of ${humanBytes(total)}` : ''} of backup ${backup.backup_id} (${bytes} bytes, synced) in ${part}; the next run resumes from there.`,
                ),
            },
            onProgress: (bytes, total) => progress?.update(bytes, total),
            onRetry: (reason, bytes, total, delay) =>
              ctx.debug(
                `transfer broke off at byte ${bytes}${total ? ` of ${total}` : ''} (${reason}); again in ${delay} ms`,
              ),
          },
        );
        record = {
          id: backup.backup_id,
          path: target,
          bytes: result.bytes,
          sha256: result.sha256,
          seconds: Math.round(result.seconds * 1000) / 1000,
          resumed: result.resumed,
          skipped: false,
          pruned: [],
        };
      }
      if (known !== undefined && dirname(target) === dir) {
        const entry: StoredBackup = {
          file: basename(target),
          backup_id: backup.backup_id,
          created_at: backup.created_at,
          bytes: record.bytes,
          sha256: record.sha256,
          downloaded_at: new Date().toISOString(),
        };
        const recorded = await recordDownload(dir, entry, known);
        const stale = await pruneStalePartials(dir, entry.file, (path, error) =>
          ctx.warn(
            `could not remove ${path}, a partial download of an older backup: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
          ),
        );
        if (stale.removed.length) {
          const files = [...new Set(stale.removed.map((p) => p.replace(/\.json$/, '')))];
          ctx.note(
            `Removed ${files.length} partial download${files.length === 1 ? '' : 's'} of older backups (${humanBytes(stale.bytes)}), left by runs that were killed: ${files.map((p) => basename(p)).join(', ')}.`,
          );
        }
        if (opts.keep !== undefined) {
          try {
            record.pruned = await prune(dir, recorded, opts.keep, entry.file);
          } catch (error) {
            // The backup is in place: the error says so, with what was pruned before it stopped.
            if (!(error instanceof PruneError)) throw error;
            throw new ConfigError(`downloaded backup ${record.id} to ${record.path}, then ${error.message}`, {
              cause: error,
              hint: error.hint,
            });
          }
        }
      }
      progress?.done();
      ctx.note(summary(record));
      return { kind: 'object', item: { ...record }, onlyWhenAsked: true };
    } finally {
      progress?.done();
      release();
    }
  },
});
