import { createHash, type Hash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import type { FileHasher } from './file-hasher.js';

/** The bytes gathered before they go to the file in one `pwritev`. */
export const batchBytes = 1024 * 1024;
/** From this size on, the SHA-256 is computed by a worker thread reading the file back (see FileHasher). */
export const hasherFrom = 8 * 1024 * 1024;
/**
 * Every 64 MiB written, an `fdatasync` in the thread pool (one at a time, never waited for until the end),
 * so the disk takes the bytes while the rest arrives and the final fsync has little left to do: on a GiB,
 * that fsync took 0.46 s alone; with these, the whole download 2.0-2.3 s instead of 2.5-2.7 s.
 */
export const syncBytes = 64 * 1024 * 1024;
/**
 * In the last `syncBytes` of a download of known length, an `fdatasync` every 8 MiB instead: what is left
 * for the final fsync once the last byte is in is then 8 MiB, not up to 64 (0.3 s on a disk that takes
 * 240 MB/s, a tenth of a second more on the whole of a GiB at 100 MiB/s).
 */
export const tailSyncBytes = 8 * 1024 * 1024;
/**
 * How often the hashing worker hears how far the file is written (it hashes up to there; the last bytes
 * when the digest is asked for). Each message wakes its thread: every MiB, a GiB took 2.11-2.42 s; every
 * 16 MiB, 2.00-2.05 s (medians of 5, two runs).
 */
const tellBytes = 16 * 1024 * 1024;

/**
 * Where a download's bytes go, in order. The chunks from the network are kept by reference (never copied)
 * and every MiB goes to the file in one positioned write in the thread pool while the next MiB arrives.
 * Measured on a GiB: larger batches or more writes in flight cost more CPU, not less (the kernel copies
 * bytes that have left the CPU's caches, and chunks kept longer outlive their scavenge and are promoted).
 * The SHA-256 of the first 8 MiB is computed here, of each batch as it goes to the file; past them a worker
 * thread takes over, reading the file back from the page cache from its first byte, so the hash of a large
 * download costs the event loop nothing and is of the bytes in the file; a short download (a report) starts
 * no thread. Either way the digest of any prefix written can be had (the hash goes on after it): each
 * `fdatasync` reports the bytes it made durable with their SHA-256, what a `.part`'s record keeps.
 */
export class FileSink {
  /** Bytes written to the file, in order from the start. */
  written = 0;
  /** Bytes handed to the sink (written, or on their way). */
  queued = 0;
  /** The length the file will have, when the answer says it: its last bytes are synced more often. */
  total: number | undefined;
  private hash: Hash = createHash('sha256');
  private hasher: FileHasher | undefined;
  private hasherStarting = false;
  private closed = false;
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;
  private writing: Promise<void> | undefined;
  private failure: unknown;
  private syncing: Promise<void> | undefined;
  /** The syncs' reports to `onSynced`, one after the other. */
  private reports: Promise<void> = Promise.resolve();
  private synced = 0;
  private told = 0;

  constructor(
    private readonly file: FileHandle,
    private readonly onWritten?: (written: number) => void,
    /**
     * The first `bytes` of the file are on the disk (an `fdatasync` ended), and `sha256` is theirs: a record
     * may say so. Without it, no digest of a prefix is taken.
     */
    private readonly onSynced?: (bytes: number, sha256: string) => void,
  ) {}

  /**
   * Carries on after the first `bytes` already in the file (a `.part` a killed run left): they count as
   * written and synced, and the SHA-256 covers them, read back here (short) or by the worker (long), before
   * this resolves to their digest (so a caller compares it with its record before it asks for the rest).
   */
  async resumeAt(bytes: number): Promise<string> {
    this.written = this.queued = this.synced = this.told = bytes;
    if (bytes >= hasherFrom) {
      let hasher: FileHasher | undefined;
      try {
        const { FileHasher } = await import('./file-hasher.js');
        hasher = await FileHasher.start(this.file.fd);
      } catch {
        // No worker: the bytes are hashed here.
      }
      if (hasher) {
        this.hasher = hasher;
        return this.digest();
      }
    }
    const buffer = Buffer.allocUnsafe(Math.min(bytes, batchBytes));
    for (let at = 0; at < bytes;) {
      const { bytesRead } = await this.file.read(buffer, 0, Math.min(buffer.length, bytes - at), at);
      if (bytesRead === 0) throw new Error(`the file ends at byte ${at}, before ${bytes}`);
      this.hash.update(buffer.subarray(0, bytesRead));
      at += bytesRead;
    }
    return this.digest();
  }

  /** Takes a chunk; waits only when a batch is full while the one before is still being written. */
  async push(chunk: Uint8Array): Promise<void> {
    this.check();
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    this.queued += chunk.length;
    if (this.pendingBytes >= batchBytes) await this.send();
  }

  /**
   * Writes what is pending and waits until all of it is in the file (and a sync under way has ended, and
   * been reported).
   */
  async drain(): Promise<void> {
    if (this.pendingBytes > 0) await this.send();
    await this.writing;
    await this.syncing;
    await this.reports;
    this.check();
  }

  /**
   * Starts over, once drained; resolves when nothing reads the file any more (the worker has stopped where
   * it was), so the caller may then truncate it.
   */
  async reset(): Promise<void> {
    this.written = 0;
    this.queued = 0;
    this.synced = 0;
    this.told = 0;
    this.hash = createHash('sha256');
    await this.hasher?.reset();
  }

  /** The SHA-256 of everything written since the start (or the last reset), in hex; after `drain`. */
  async digest(): Promise<string> {
    if (this.closed) throw new Error('the hash is closed');
    const hex = await this.digestAt(this.written);
    if (hex === undefined) throw new Error(`the hash went past byte ${this.written}`);
    return hex;
  }

  /** The SHA-256 of the first `bytes`, all written and none pushed since (the hash here is of those). */
  private digestAt(bytes: number): Promise<string | undefined> {
    return this.hasher ? this.hasher.digest(bytes) : Promise.resolve(this.hash.copy().digest('hex'));
  }

  /** Stops the worker thread, if one was started. */
  async close(): Promise<void> {
    this.closed = true;
    const hasher = this.hasher;
    this.hasher = undefined;
    await hasher?.close();
  }

  private check(): void {
    if (this.failure !== undefined) throw this.failure;
  }

  private async send(): Promise<void> {
    await this.writing;
    this.check();
    const chunks = this.pending;
    const size = this.pendingBytes;
    const position = this.queued - size;
    this.pending = [];
    this.pendingBytes = 0;
    // Hashed as they go to the file, once the batch before is in it: when a write ends, the hash here is of
    // exactly the bytes written (what a sync's digest needs).
    if (!this.hasher) for (const chunk of chunks) this.hash.update(chunk);
    this.writing = this.writeAll(chunks, position).then(
      () => {
        this.written = position + size;
        // The worker is told every few MiB, not every write: each message wakes a thread.
        if (this.hasher && this.written - this.told >= tellBytes) {
          this.told = this.written;
          this.hasher.written(this.written);
        }
        this.onWritten?.(this.written);
        if (this.written >= hasherFrom) this.startHasher();
        const unsynced = this.written - this.synced;
        const inTail = this.total !== undefined && this.total - this.written < syncBytes;
        if (!this.syncing && (unsynced >= syncBytes || (inTail && unsynced >= tailSyncBytes))) {
          const upTo = this.written;
          const sync = this.file.datasync();
          this.syncing = sync.then(
            () => {
              this.synced = upTo;
              this.syncing = undefined;
            },
            (error: unknown) => {
              this.failure ??= error;
              this.syncing = undefined;
            },
          );
          if (this.onSynced) this.report(upTo, sync);
        }
      },
      (error: unknown) => {
        this.failure ??= error;
      },
    );
  }

  /**
   * Tells `onSynced` of the bytes a sync makes durable, with their digest, asked for now (before the hash goes
   * past them) and told once both have come, in order. The next sync does not wait for it: the worker may be
   * behind the writes, never the disk behind the worker.
   */
  private report(upTo: number, sync: Promise<void>): void {
    const prefix = this.digestAt(upTo);
    this.reports = Promise.all([this.reports, sync, prefix]).then(
      ([, , sha256]) => {
        if (sha256 !== undefined) this.onSynced?.(upTo, sha256);
      },
      (error: unknown) => {
        this.failure ??= error;
      },
    );
  }

  /** The worker starts in the background; until it is there, the hash goes on here. */
  private startHasher(): void {
    if (this.hasher || this.hasherStarting) return;
    this.hasherStarting = true;
    void import('./file-hasher.js')
      .then(({ FileHasher }) => FileHasher.start(this.file.fd))
      .then(
        (hasher) => {
          // Closed while it started (the transfer failed or ended): it is not needed.
          if (this.closed) return void hasher.close();
          this.hasher = hasher;
          this.told = this.written;
          hasher.written(this.written);
        },
        // No worker (a runtime without threads): the hash stays here.
        () => undefined,
      );
  }

  /** One `pwritev`, and another for the rest when the system wrote only part of it. */
  private async writeAll(chunks: Uint8Array[], position: number): Promise<void> {
    let at = position;
    let rest = chunks;
    while (rest.length > 0) {
      const { bytesWritten } = await this.file.writev(rest, at);
      at += bytesWritten;
      let skip = bytesWritten;
      const left: Uint8Array[] = [];
      for (const chunk of rest) {
        if (skip >= chunk.length) skip -= chunk.length;
        else {
          left.push(skip > 0 ? chunk.subarray(skip) : chunk);
          skip = 0;
        }
      }
      rest = left;
    }
  }
}
