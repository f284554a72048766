import { type FileHandle, open, readFile, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Dispatcher } from 'undici';
import {
  ApiError,
  CliError,
  ConfigError,
  ExitCode,
  InterruptedError,
  TransientError,
  UnexpectedResponseError,
} from '../errors.js';
import { checksumLine, fsyncDir, writeFileAtomic } from '../util/durable.js';
import { collectYoung } from '../util/gc.js';
import { FileSink } from './file-sink.js';
import { defaultMaxRetryWaitMs, retryLaterError, retryWait, sleep } from './retry.js';

type Headers = Dispatcher.ResponseData['headers'];

export interface TransferOptions {
  /** The final path: the bytes go to a temporary file beside it, renamed to it only once complete. */
  dest: string;
  /** After an interruption, ask for the rest with a Range request (when the service offers ranges). */
  resume: boolean;
  /** Attempts in all, the first included. */
  attempts: number;
  signal?: AbortSignal | undefined;
  /** Looks at the headers and the first bytes before anything is kept; throws to refuse the answer. */
  check?: (first: Buffer, headers: Headers) => void;
  onProgress?: (bytes: number, total: number | undefined) => void;
  /** An attempt failed and another follows after `delayMs`. */
  onRetry?: (reason: string, bytes: number, total: number | undefined, delayMs: number) => void;
  /** Also writes `DEST.sha256` in `sha256sum -c` format. */
  checksumFile?: boolean;
  random?: () => number;
  /** The longest `Retry-After` of a 429 or 503 waited for (`--max-retry-wait`); longer fails at once. */
  maxRetryWaitMs?: number;
  /** How errors name the download (its operation id); `the download` unless given. */
  context?: string;
  /**
   * Resumes across runs: the `.part` file is kept with a record beside it (`.DEST.part.json`: this
   * identity, the validator, the length, the bytes known to be on the disk), so a run killed (SIGKILL,
   * power loss) is resumed by the next one asking for the same identity, with a Range request.
   */
  persist?: PersistOptions;
}

export interface PersistOptions {
  /** What is downloaded (a backup id): a `.part` of anything else is restarted from zero. */
  identity: string;
  /** A `.part` left by an earlier run is resumed from byte `from` of `total`. */
  onResume?: (from: number, total: number | undefined) => void;
  /** A `.part` left by an earlier run cannot be resumed: the download starts from zero, for `reason`. */
  onRestart?: (reason: string) => void;
}

/** The record kept beside a `.part` (see `persist`). */
interface PartRecord {
  version: 1;
  identity: string;
  validator: string;
  total?: number | undefined;
  digest?: string | undefined;
  /** The first bytes of the `.part` known to be on the disk (an fdatasync ended after them). */
  bytes: number;
}

/** The record of a `.part`, when it is whole and of `identity`; else why it cannot be resumed. */
async function readPartRecord(
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
  const size = (await stat(temp).catch(() => undefined))?.size;
  if (
    record?.version !== 1 ||
    typeof record.identity !== 'string' ||
    typeof record.validator !== 'string' ||
    !Number.isSafeInteger(record.bytes) ||
    record.bytes < 0 ||
    (record.total !== undefined && !(Number.isSafeInteger(record.total) && record.total >= record.bytes))
  ) {
    return { reason: `${recordPath} is unreadable` };
  }
  if (record.identity !== identity) {
    return { reason: `the partial download is of ${record.identity}, not ${identity}` };
  }
  if (size === undefined || size < record.bytes) {
    return { reason: `${temp} is shorter than its record says` };
  }
  return { record };
}

export interface TransferResult {
  path: string;
  bytes: number;
  /** Hex, of the whole file. */
  sha256: string;
  seconds: number;
  /** Interruptions resumed with a Range request, and restarts from the first byte. */
  resumed: number;
  restarted: number;
}

/** Sends the request with these extra headers (`range`, `if-range`) and returns the streaming answer. */
export type Opener = (headers: Record<string, string>) => Promise<Dispatcher.ResponseData>;

/**
 * How often the young generation is collected during a transfer (see collectYoung). A network chunk lives
 * until its MiB is written (2 MiB of traffic at most), so with a scavenge every 4 MiB it outlives one at
 * most and is never promoted: the chunks of a GiB never pile up (peak RSS 90 MB), at 256 scavenges a GiB
 * (measured with perf: 2-3% of the CPU of a download).
 */
const collectBytes = 4 * 1024 * 1024;

function header(headers: Headers, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** `bytes START-END/TOTAL` of a 206. */
export function parseContentRange(
  value: string | undefined,
): { start: number; end: number; total?: number } | undefined {
  const m = /^bytes\s+(\d+)-(\d+)\/(\d+|\*)$/i.exec(value?.trim() ?? '');
  if (!m) return undefined;
  const range = { start: Number(m[1]), end: Number(m[2]) };
  return m[3] === '*' ? range : { ...range, total: Number(m[3]) };
}

/** The SHA-256 a `Repr-Digest` (RFC 9530) announces for the whole file, in hex. */
export function reprDigest(value: string | undefined): string | undefined {
  const m = /(?:^|,)\s*sha-256=:([A-Za-z0-9+/=]+):/i.exec(value ?? '');
  return m ? Buffer.from(m[1] as string, 'base64').toString('hex') : undefined;
}

/** A transfer that ended before the length the service announced. */
class ShortTransfer extends Error {}

function retryable(error: unknown): boolean {
  if (error instanceof ShortTransfer) return true;
  if (error instanceof CliError) return error.exitCode === ExitCode.transient;
  // A body that breaks off (socket closed, body timeout) fails inside undici, not in the client.
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && (code.startsWith('UND_ERR') || code.startsWith('E'));
}

/**
 * Streams a download into a temporary file beside `dest`: an interruption is resumed with a Range request
 * (`If-Range` the validator of the first answer, so a changed file starts over) or restarted, within
 * `attempts`; the length is checked against what the service announced, and the SHA-256 against its
 * `Repr-Digest` when it sends one; the file is fsynced and renamed into place. After a failure or an
 * interruption nothing is left, neither under the final name nor beside it.
 */
export async function transfer(openRequest: Opener, options: TransferOptions): Promise<TransferResult> {
  const started = performance.now();
  const { dest, signal } = options;
  const temp = join(dirname(dest), `.${basename(dest)}.part`);
  const persist = options.persist;
  const recordPath = `${temp}.json`;
  const carried = persist ? await readPartRecord(temp, recordPath, persist.identity) : undefined;
  const kept = carried && 'record' in carried ? carried.record : undefined;
  if (carried && 'reason' in carried) persist?.onRestart?.(`${carried.reason}: starting from zero`);
  let file: FileHandle | undefined;
  try {
    file = await open(temp, kept ? 'r+' : 'w+', 0o600);
    if (kept) await file.truncate(kept.bytes);
    else if (persist) await rm(recordPath, { force: true });
  } catch (error) {
    await file?.close().catch(() => {});
    throw localError(temp, error);
  }
  let total: number | undefined = kept?.total;
  let validator: string | undefined = kept?.validator;
  let ranges = kept !== undefined;
  let digest: string | undefined = kept?.digest;
  let resumed = 0;
  let restarted = 0;
  /** Writes of the record, one after the other (the last one says the most). */
  let recording: Promise<void> = Promise.resolve();
  const record = (bytes: number) => {
    if (!persist || !ranges || validator === undefined) return;
    const data: PartRecord = { version: 1, identity: persist.identity, validator, total, digest, bytes };
    // Best effort: without it, a killed run is restarted from zero by the next one, nothing worse.
    recording = recording
      .then(() => writeFileAtomic(recordPath, `${JSON.stringify(data)}\n`))
      .catch(() => undefined);
  };
  const sink = new FileSink(file, (written) => options.onProgress?.(written, total), record);
  sink.total = total;
  if (kept && kept.bytes > 0) {
    try {
      await sink.resumeAt(kept.bytes);
    } catch (error) {
      await file.close().catch(() => {});
      throw localError(temp, error);
    }
  }
  /** A `.part` left by an earlier run was resumed with a Range request, and is not yet answered. */
  let fromEarlierRun = kept !== undefined && kept.bytes > 0;
  const earlierRunLost = (reason: string) => {
    if (fromEarlierRun) persist?.onRestart?.(`${reason}: starting from zero`);
    fromEarlierRun = false;
  };
  /** Everything received so far in the file; a write that failed is the file's error, not the network's. */
  const drain = async () => {
    try {
      await sink.drain();
    } catch (error) {
      throw localError(temp, error);
    }
  };
  const restart = async () => {
    await drain();
    if (persist) {
      await recording;
      await rm(recordPath, { force: true });
    }
    if (sink.written > 0) restarted++;
    await (file as FileHandle).truncate(0);
    sink.reset();
  };
  try {
    for (let attempt = 1; ; attempt++) {
      const resuming = options.resume && sink.written > 0 && ranges && validator !== undefined;
      if (!resuming && sink.written > 0) await restart();
      try {
        const res = await openRequest(
          resuming ? { range: `bytes=${sink.written}-`, 'if-range': validator as string } : {},
        );
        if (res.statusCode === 416) {
          res.body.destroy();
          // The range starts at the end: the last attempt had every byte but failed after them.
          if (total !== undefined && sink.written === total) break;
          earlierRunLost('the service refused the range of the partial download');
          await restart();
          throw new ShortTransfer('the service refused the range asked for');
        }
        if (res.statusCode === 206) {
          const range = parseContentRange(header(res.headers, 'content-range'));
          const otherTotal = range?.total !== undefined && total !== undefined && range.total !== total;
          if (!range || range.start !== sink.written || otherTotal) {
            res.body.destroy();
            earlierRunLost('the service answered another range than the one asked for');
            await restart();
            validator = undefined;
            throw new ShortTransfer('the service answered another range than the one asked for');
          }
          total ??= range.total;
          resumed++;
          if (fromEarlierRun) persist?.onResume?.(sink.written, total);
          fromEarlierRun = false;
        } else {
          const etag = header(res.headers, 'etag');
          const now = etag && !etag.startsWith('W/') ? etag : header(res.headers, 'last-modified');
          const serves = header(res.headers, 'accept-ranges')?.toLowerCase() === 'bytes';
          if (sink.written > 0) {
            earlierRunLost(
              !serves
                ? 'the service answered the whole file to a Range request (it does not serve ranges)'
                : now !== validator
                  ? `it changed since (it was ${validator ?? 'unmarked'}, it is ${now ?? 'unmarked'})`
                  : 'the service answered the whole file to a Range request',
            );
            // Before the new validator is taken: a record written meanwhile still names the old bytes.
            await restart();
          }
          const length = header(res.headers, 'content-length');
          total = length !== undefined && /^\d+$/.test(length) ? Number(length) : undefined;
          sink.total = total;
          validator = now;
          ranges = serves;
          digest = reprDigest(header(res.headers, 'repr-digest'));
          record(0);
        }
        let first = sink.written === 0;
        let collected = sink.queued;
        for await (const chunk of res.body as AsyncIterable<Buffer>) {
          if (first) {
            options.check?.(chunk, res.headers);
            first = false;
          }
          try {
            await sink.push(chunk);
          } catch (error) {
            throw localError(temp, error);
          }
          if (sink.queued - collected >= collectBytes) {
            collected = sink.queued;
            collectYoung();
          }
        }
        if (first) options.check?.(Buffer.alloc(0), res.headers);
        await drain();
        if (total !== undefined && sink.written !== total) {
          throw new ShortTransfer(`the answer ended at byte ${sink.written} of ${total}`);
        }
        break;
      } catch (error) {
        // What arrived before the break is good: keep it, so a resume asks only for the rest.
        if (!(error instanceof CliError && error.exitCode !== ExitCode.transient)) await drain();
        if (signal?.aborted) throw interrupted(signal);
        if (!retryable(error) || attempt >= options.attempts)
          throw failure(error, attempt, sink.written, total);
        // A 429 or 503 may say when to come back: waited for, up to --max-retry-wait; later, exit 7 at once.
        const maxWaitMs = options.maxRetryWaitMs ?? defaultMaxRetryWaitMs;
        const retryAfter = error instanceof ApiError ? error.retryAfter : undefined;
        const wait = retryWait(attempt, retryAfter, { random: options.random, maxWaitMs });
        if (wait.later) {
          const status = (error as ApiError).status ?? 503;
          throw retryLaterError(options.context ?? 'the download', status, wait.later, maxWaitMs);
        }
        const delay = wait.delayMs;
        options.onRetry?.(reasonOf(error), sink.written, total, delay);
        try {
          await sleep(delay, signal);
        } catch {
          throw interrupted(signal);
        }
      }
    }
    // The last bytes hashed (read back by the worker) while the disk takes them: the fsync is waited for
    // after the digest is checked, before the file is renamed into place.
    const synced = file.sync().then(
      () => undefined,
      (error: unknown) => error,
    );
    let sha256: string;
    try {
      sha256 = await sink.digest();
    } catch (error) {
      await synced;
      throw localError(temp, error);
    }
    await sink.close();
    await recording;
    if (digest !== undefined && digest !== sha256) {
      await synced;
      throw new UnexpectedResponseError(
        `the downloaded file's SHA-256 (${sha256}) is not the one the service announced (${digest})`,
      );
    }
    try {
      const failed = await synced;
      if (failed !== undefined) throw failed;
      await file.close();
      file = undefined;
      if (options.checksumFile) await writeFileAtomic(`${dest}.sha256`, checksumLine(sha256, dest));
      await rename(temp, dest);
      if (persist) await rm(recordPath, { force: true });
      await fsyncDir(dirname(dest));
    } catch (error) {
      throw localError(dest, error);
    }
    return {
      path: dest,
      bytes: sink.written,
      sha256,
      seconds: (performance.now() - started) / 1000,
      resumed,
      restarted,
    };
  } catch (error) {
    await sink.drain().catch(() => {});
    await sink.close();
    await file?.close().catch(() => {});
    await recording;
    await rm(temp, { force: true });
    if (persist) await rm(recordPath, { force: true });
    if (signal?.aborted && !(error instanceof InterruptedError)) throw interrupted(signal);
    throw error;
  }
}

function interrupted(signal: AbortSignal | undefined): InterruptedError {
  const reason: unknown = signal?.reason;
  return reason instanceof InterruptedError ? reason : new InterruptedError();
}

function reasonOf(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  const message = (error as Error).message;
  return typeof code === 'string' && !(error instanceof CliError) ? `${message} (${code})` : message;
}

function failure(error: unknown, attempts: number, bytes: number, total: number | undefined): unknown {
  if (error instanceof CliError && !(error instanceof TransientError && attempts > 1)) return error;
  if (!retryable(error)) return error;
  const where = total === undefined ? `after ${bytes} bytes` : `at byte ${bytes} of ${total}`;
  return new TransientError(
    `the download broke off ${where} (${reasonOf(error)})${attempts > 1 ? ` after ${attempts} attempts` : ''}`,
    { cause: error, hint: 'nothing was kept; safe to run again' },
  );
}

function localError(path: string, error: unknown): CliError {
  if (error instanceof CliError) return error;
  const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
  return new ConfigError(`cannot write ${path}: ${code}`, { cause: error });
}
