import { createCipheriv, createHash } from 'node:crypto';
import { crc32, gzipSync } from 'node:zlib';
import type { BackupRecord, SandboxState } from '../state.js';
import { maxTarEntry, tarEnd, tarEntries, tarHeader } from './tar.js';

/** A backup as served: its bytes by range, without holding a large one in memory. */
export interface BackupArchive {
  readonly size: number;
  /** A strong validator: the same bytes always have the same ETag (If-Range compares it). */
  readonly etag: string;
  readonly fileName: string;
  /** Computes what the first byte served needs (the gzip trailer's CRC) and the whole file's SHA-256. */
  seal(): Promise<{ sha256: string }>;
  /** The bytes [start, end), in chunks of at most 1 MiB. */
  chunks(start: number, end: number): Generator<Buffer>;
}

const chunkBytes = 1024 * 1024;
/** The padding's repeating keystream: not a divisor of any chunk or page size a client reads by. */
const patternBytes = 1024 * 1024 + 1021;
/** Every `stampEvery` bytes of the padding begin with their offset (`stampBytes`, big-endian). */
const stampEvery = 4096;
const stampBytes = 8;

/** The organization's state as the archive's files (apps, findings, teams, configuration). */
function snapshot(state: SandboxState, backup: BackupRecord): { name: string; data: Buffer }[] {
  const dir = `backup-${backup.backup_id}`;
  const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);
  return [
    {
      name: `${dir}/manifest.json`,
      data: json({
        organization_id: state.org.id,
        organization_name: state.org.name,
        backup_id: backup.backup_id,
        created_at: backup.created_at,
        completed_at: backup.completed_at,
        counts: {
          apps: state.apps.length,
          findings: state.analysis.findings.length,
          scans: state.analysis.scans.length,
          teams: state.rbac.teams.length,
        },
      }),
    },
    { name: `${dir}/apps.json`, data: json(state.apps) },
    { name: `${dir}/teams.json`, data: json(state.rbac.teams) },
    { name: `${dir}/configuration.json`, data: json(state.configuration) },
    { name: `${dir}/scans.json`, data: json(state.analysis.scans) },
    { name: `${dir}/findings.json`, data: json(state.analysis.findings) },
  ];
}

function etagOf(...parts: (string | Buffer)[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return `"${hash.digest('hex').slice(0, 32)}"`;
}

function* slices(buffer: Buffer, start: number, end: number): Generator<Buffer> {
  for (let at = start; at < end; at += chunkBytes) yield buffer.subarray(at, Math.min(end, at + chunkBytes));
}

/** The snapshot, compressed for real: small enough to keep. */
function compressedArchive(files: { name: string; data: Buffer }[], backup: BackupRecord): BackupArchive {
  const mtime = Date.parse(backup.created_at);
  const bytes = gzipSync(Buffer.concat([tarEntries(files, mtime), tarEnd]), { level: 9 });
  const sha256 = createHash('sha256').update(bytes).digest('base64');
  return {
    size: bytes.length,
    etag: etagOf(bytes),
    fileName: `backup-${backup.backup_id}.tar.gz`,
    seal: () => Promise.resolve({ sha256 }),
    chunks: (start, end) => slices(bytes, start, end),
  };
}

/** Deflate's stored blocks carry at most 65,535 bytes each. */
const storedBlock = 65_535;
const gzipTrailer = 8;

/**
 * A backup of exactly `size` bytes (benchmarks): the snapshot, then `padding.bin` of pseudo-random bytes, in a
 * tar inside a gzip of stored (uncompressed) deflate blocks. Any byte is computed from its offset, so a range
 * is served without the rest: the layout is plain arithmetic, and the padding repeats one block of AES-CTR
 * keystream (`patternBytes`, made once) with every 4 KiB stamped with its own offset, so no two 4 KiB of a
 * file are alike and a range served from the wrong offset changes the file's SHA-256. Serving it is a copy:
 * an answer body costs the sandbox what a network link's server would (the socket's own copy), not an
 * encryption pass per byte, which took as much CPU as the client it serves (`bench/backup.mjs` runs both on
 * the same two cores). Only the trailer's CRC-32 needs one pass over the data, done once by `seal()`.
 */
function sizedArchive(
  files: { name: string; data: Buffer }[],
  backup: BackupRecord,
  size: number,
  seed: number,
): BackupArchive | undefined {
  const mtime = Date.parse(backup.created_at);
  const head = tarEntries(files, mtime);
  const gzipped = (tarBytes: number, extra: number) =>
    10 + extra + tarBytes + 5 * Math.ceil(tarBytes / storedBlock) + gzipTrailer;
  // The padding entry's data is a whole number of 512-byte blocks; the gzip header's extra field (at least
  // 6 bytes: its length and one subfield header) takes up the last few hundred bytes of the requested size.
  const tarFor = (padding: number) => head.length + 512 + padding + tarEnd.length;
  const room = size - gzipped(tarFor(0), 6);
  if (room < 0) return undefined;
  let padding = Math.floor((room * storedBlock) / (storedBlock + 5) / 512) * 512;
  while (padding > 0 && gzipped(tarFor(padding), 6) > size) padding -= 512;
  while (gzipped(tarFor(padding + 512), 6) <= size) padding += 512;
  if (padding > maxTarEntry) return undefined;
  const tarBytes = tarFor(padding);
  const extra = size - gzipped(tarBytes, 0);
  if (extra < 6 || extra > 65_537) return undefined;

  const header = Buffer.alloc(10 + extra);
  header.set([0x1f, 0x8b, 8, 0x04], 0);
  header.writeUInt32LE(Math.floor(mtime / 1000), 4);
  header.set([0, 3], 8);
  header.writeUInt16LE(extra - 2, 10);
  header.write('SP', 12, 'ascii');
  header.writeUInt16LE(extra - 6, 14);

  const paddingHeader = tarHeader(`backup-${backup.backup_id}/padding.bin`, padding, mtime);
  const key = createHash('sha256').update(`secscan-sandbox-backup:${seed}:${backup.backup_id}`).digest();
  const paddingStart = head.length + 512;
  const paddingEnd = paddingStart + padding;
  const blocks = Math.ceil(tarBytes / storedBlock);
  const blockRegion = tarBytes + 5 * blocks;
  const pattern = createCipheriv('aes-256-ctr', key, Buffer.alloc(16)).update(Buffer.alloc(patternBytes));
  const stamp = Buffer.alloc(stampBytes);
  let crc: number | undefined;

  /** Padding bytes [offset, offset + n) into `out` at `at`: the pattern, each 4 KiB's first 8 bytes its offset. */
  function paddingInto(out: Buffer, at: number, offset: number, n: number): void {
    for (let k = 0; k < n;) {
      const p = (offset + k) % patternBytes;
      k += pattern.copy(out, at + k, p, Math.min(patternBytes, p + n - k));
    }
    const end = offset + n;
    for (let block = offset - (offset % stampEvery); block < end; block += stampEvery) {
      stamp.writeUInt32BE(Math.floor(block / 2 ** 32), 0);
      stamp.writeUInt32BE(block >>> 0, 4);
      const from = Math.max(block, offset);
      const to = Math.min(block + stampBytes, end);
      if (from < to) stamp.copy(out, at + from - offset, from - block, to - block);
    }
  }

  /** Copies tar bytes [from, from + n) into `out` at `at`. */
  function tarInto(out: Buffer, at: number, from: number, n: number): void {
    let k = 0;
    while (k < n) {
      const pos = from + k;
      if (pos < head.length) {
        k += head.copy(out, at + k, pos, Math.min(head.length, pos + n - k));
      } else if (pos < paddingStart) {
        k += paddingHeader.copy(out, at + k, pos - head.length, Math.min(512, pos - head.length + n - k));
      } else if (pos < paddingEnd) {
        const take = Math.min(paddingEnd - pos, n - k);
        paddingInto(out, at + k, pos - paddingStart, take);
        k += take;
      } else {
        const take = Math.min(tarBytes - pos, n - k);
        out.fill(0, at + k, at + k + take);
        k += take;
      }
    }
  }

  /** Gzip bytes [pos, pos + out.length) into `out`. */
  function fill(out: Buffer, pos: number): void {
    let k = 0;
    while (k < out.length) {
      const p = pos + k;
      const left = out.length - k;
      if (p < header.length) {
        k += header.copy(out, k, p, Math.min(header.length, p + left));
        continue;
      }
      const j = p - header.length;
      if (j >= blockRegion) {
        const trailer = Buffer.alloc(gzipTrailer);
        trailer.writeUInt32LE(crc ?? 0, 0);
        trailer.writeUInt32LE(tarBytes % 2 ** 32, 4);
        k += trailer.copy(out, k, j - blockRegion, j - blockRegion + left);
        continue;
      }
      const block = Math.floor(j / (storedBlock + 5));
      const within = j - block * (storedBlock + 5);
      const length = Math.min(storedBlock, tarBytes - block * storedBlock);
      if (within < 5) {
        const blockHeader = Buffer.from([
          block === blocks - 1 ? 1 : 0,
          length & 0xff,
          length >> 8,
          ~length & 0xff,
          (~length >> 8) & 0xff,
        ]);
        k += blockHeader.copy(out, k, within, Math.min(5, within + left));
        continue;
      }
      const n = Math.min(length - (within - 5), left);
      tarInto(out, k, block * storedBlock + within - 5, n);
      k += n;
    }
  }

  let sealed: Promise<{ sha256: string }> | undefined;
  const chunks = function* (start: number, end: number): Generator<Buffer> {
    for (let at = start; at < end; at += chunkBytes) {
      const out = Buffer.allocUnsafe(Math.min(chunkBytes, end - at));
      fill(out, at);
      yield out;
    }
  };
  return {
    size,
    etag: etagOf(head, `${seed}:${size}`),
    fileName: `backup-${backup.backup_id}.tar.gz`,
    chunks,
    seal() {
      sealed ??= (async () => {
        let sum = 0;
        const buffer = Buffer.allocUnsafe(chunkBytes);
        for (let at = 0; at < tarBytes; at += chunkBytes) {
          const n = Math.min(chunkBytes, tarBytes - at);
          tarInto(buffer, 0, at, n);
          sum = crc32(buffer.subarray(0, n), sum);
          if ((at / chunkBytes) % 32 === 31) await new Promise((resolve) => setImmediate(resolve));
        }
        crc = sum;
        const hash = createHash('sha256');
        let i = 0;
        for (const chunk of chunks(0, size)) {
          hash.update(chunk);
          if (i++ % 32 === 31) await new Promise((resolve) => setImmediate(resolve));
        }
        return { sha256: hash.digest('base64') };
      })();
      return sealed;
    },
  };
}

const built = new WeakMap<SandboxState, Map<string, BackupArchive>>();

/**
 * The archive of a completed backup: the state's snapshot taken on first download and kept for the
 * sandbox's lifetime, so its bytes (and ETag) stay the same for every range of it. With `size`, padded to
 * exactly that many bytes.
 */
export function backupArchive(state: SandboxState, backup: BackupRecord, size?: number): BackupArchive {
  let cache = built.get(state);
  if (!cache) built.set(state, (cache = new Map()));
  const cached = cache.get(backup.backup_id);
  if (cached) return cached;
  const files = snapshot(state, backup);
  const archive =
    (size === undefined ? undefined : sizedArchive(files, backup, size, state.seed)) ??
    compressedArchive(files, backup);
  cache.set(backup.backup_id, archive);
  return archive;
}
