import { readFile, rm, stat } from 'node:fs/promises';
import { writeFileAtomic } from '../util/durable.js';

/**
 * The record kept beside a `.part` (`.DEST.part.json`) so that the next run can resume it: what it is of,
 * the answer its bytes came from, and how many of them are known to be on the disk, with their digest.
 */
export interface PartRecord {
  version: 2;
  /** What is downloaded (a backup id). */
  identity: string;
  /** The strong ETag, else the Last-Modified, of the answer the bytes came from. */
  validator: string;
  total?: number | undefined;
  /** The SHA-256 the service announced for the whole file (`Repr-Digest`), in hex. */
  digest?: string | undefined;
  /** The first bytes of the `.part` known to be on the disk (an fdatasync ended after them). */
  bytes: number;
  /** The SHA-256 of those bytes, in hex: they are resumed only when they still have it. */
  prefix: string;
}

const hex64 = /^[0-9a-f]{64}$/;

function wellFormed(record: PartRecord | null | undefined): boolean {
  return (
    typeof record === 'object' &&
    record !== null &&
    typeof record.identity === 'string' &&
    typeof record.validator === 'string' &&
    Number.isSafeInteger(record.bytes) &&
    record.bytes >= 0 &&
    (record.total === undefined || (Number.isSafeInteger(record.total) && record.total >= record.bytes)) &&
    (record.digest === undefined || (typeof record.digest === 'string' && /^[0-9a-f]*$/.test(record.digest)))
  );
}

/**
 * The record of a `.part`, when it is whole and of `identity`; else why it cannot be resumed; undefined when
 * there is neither a record nor a `.part` with bytes in it.
 */
export async function readPartRecord(
  temp: string,
  recordPath: string,
  identity: string,
): Promise<{ record: PartRecord } | { reason: string } | undefined> {
  let text: string;
  try {
    text = await readFile(recordPath, 'utf8');
  } catch {
    const part = await stat(temp).catch(() => undefined);
    return part && part.size > 0 ? { reason: `${temp} has no record of what it holds` } : undefined;
  }
  let record: PartRecord;
  try {
    record = JSON.parse(text) as PartRecord;
  } catch {
    return { reason: `${recordPath} is unreadable` };
  }
  if (!wellFormed(record)) return { reason: `${recordPath} is unreadable` };
  if (record.version !== 2 || typeof record.prefix !== 'string' || !hex64.test(record.prefix)) {
    return { reason: `${recordPath} holds no digest of the bytes it records (an older secscan wrote it)` };
  }
  if (record.identity !== identity) {
    return { reason: `the partial download is of ${record.identity}, not ${identity}` };
  }
  const size = (await stat(temp).catch(() => undefined))?.size;
  if (size === undefined || size < record.bytes) {
    return { reason: `${temp} is shorter than its record says` };
  }
  return { record };
}

/** Writes a `.part`'s record through a temporary file, one write after the other (the last says the most). */
export class PartRecorder {
  private writes: Promise<void> = Promise.resolve();

  constructor(readonly path: string) {}

  /** Best effort: without it, a killed run is restarted from zero by the next one, nothing worse. */
  write(record: PartRecord): void {
    this.writes = this.writes.then(() => this.put(record)).catch(() => undefined);
  }

  /** After the writes under way, this one; it fails when it cannot be written. */
  async writeNow(record: PartRecord): Promise<void> {
    await this.settled();
    await this.put(record);
  }

  /** The writes under way, ended. */
  settled(): Promise<void> {
    return this.writes;
  }

  /** Once the writes under way have ended. */
  async remove(): Promise<void> {
    await this.settled();
    await rm(this.path, { force: true });
  }

  private put(record: PartRecord): Promise<void> {
    return writeFileAtomic(this.path, `${JSON.stringify(record)}\n`);
  }
}
