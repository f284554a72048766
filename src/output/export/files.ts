import { open, rename, rm } from 'node:fs/promises';
import type { Writable } from 'node:stream';
import { ConfigError } from '../../errors.js';
import type { ReportFile } from '../core/result.js';
import { OutputWriter } from '../core/writer.js';

/** A file being written: complete under its name only after commit(), never left half-written. */
export interface FileSink {
  out: OutputWriter;
  commit(): Promise<void>;
  abort(): Promise<void>;
}

const failed = (file: ReportFile, error: unknown) =>
  error instanceof ConfigError
    ? error
    : new ConfigError(`${file.flag}: cannot write ${file.path}: ${(error as Error).message}`, {
        cause: error,
      });

/**
 * The writer of a report file: a write the file system refuses part-way (EFBIG past `ulimit -f`, ENOSPC,
 * EIO) is the configuration error naming the file (exit 3), as one that cannot be opened is; and once the
 * stream has failed, no write waits on it.
 */
class FileWriter extends OutputWriter {
  constructor(
    stream: Writable,
    private readonly failure: () => unknown,
    private readonly named: (error: unknown) => ConfigError,
  ) {
    super(stream);
  }

  override write(text: string): Promise<void> {
    return this.guard(() => super.write(text));
  }

  override writeBytes(bytes: Uint8Array): Promise<void> {
    return this.guard(() => super.writeBytes(bytes));
  }

  override flush(): Promise<void> {
    return this.guard(() => super.flush());
  }

  private async guard(work: () => Promise<void>): Promise<void> {
    const before = this.failure();
    if (before) throw this.named(before);
    try {
      await work();
    } catch (error) {
      throw this.named(this.failure() ?? error);
    }
  }
}

/**
 * Opens a temporary file beside the destination; commit() renames it into place, so a CI job reading the
 * file never sees half a report, and a run that fails leaves the previous file (or none) behind.
 */
export async function openReportFile(file: ReportFile): Promise<FileSink> {
  const temp = `${file.path}.${process.pid}.${Math.random().toString(36).slice(2, 8)}.tmp`;
  let handle;
  try {
    handle = await open(temp, 'w', 0o644);
  } catch (error) {
    throw failed(file, error);
  }
  const stream = handle.createWriteStream();
  let error: unknown;
  stream.on('error', (e) => (error ??= e));
  const out = new FileWriter(
    stream as Writable,
    () => error,
    (e) => failed(file, e),
  );
  let settled = false;
  return {
    out,
    async commit() {
      settled = true;
      try {
        await out.flush();
        await new Promise<void>((resolve, reject) =>
          stream.end((e?: Error | null) => (e ? reject(e) : resolve())),
        );
        if (error) throw error;
        await rename(temp, file.path);
      } catch (e) {
        stream.destroy();
        await rm(temp, { force: true });
        throw failed(file, error ?? e);
      }
    },
    async abort() {
      if (settled) return;
      settled = true;
      stream.destroy();
      await rm(temp, { force: true });
    },
  };
}
