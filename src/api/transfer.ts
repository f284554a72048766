import { type FileHandle, open, rename, rm } from 'node:fs/promises';
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
import { type PartRecord, PartRecorder, readPartRecord } from './part-record.js';
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
   * identity, the validator, the length, the bytes known to be on the disk and their SHA-256), so a run
   * killed (SIGKILL, power loss) or interrupted (SIGINT, SIGTERM) is resumed by the next one asking for the
   * same identity, with a Range request.
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
  /**
   * Interrupted (SIGINT, SIGTERM): the first `bytes` of `total` are synced in `part`, with their record, for
   * the next run to resume. Not called when nothing could be kept (then nothing is left).
   */
  onKept?: (bytes: number, total: number | undefined, part: string) => void;
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

/** The SHA-256 of no bytes: the prefix a record of a download not yet begun holds. */
const emptySha256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

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

/** The length a 416's `Content-Range: bytes *\/LENGTH` gives the file. */
function unsatisfiedLength(value: string | undefined): number | undefined {
  const m = /^bytes\s+\*\/(\d+)$/i.exec(value?.trim() ?? '');
  return m ? Number(m[1]) : undefined;
}

/** The SHA-256 a `Repr-Digest` (RFC 9530) announces for the whole file, in hex. */
export function reprDigest(value: string | undefined): string | undefined {
  const m = /(?:^|,)\s*sha-256=:([A-Za-z0-9+/=]+):/i.exec(value ?? '');
  return m ? Buffer.from(m[1] as string, 'base64').toString('hex') : undefined;
}

/** What names the bytes of an answer: its strong ETag, else its Last-Modified (what If-Range is sent). */
function validatorOf(headers: Headers): string | undefined {
  const etag = header(headers, 'etag');
  return etag && !etag.startsWith('W/') ? etag : header(headers, 'last-modified');
}

/** An answer not read: destroyed unread, an undici body emits an error that nobody else listens for. */
function discard(res: Dispatcher.ResponseData): void {
  res.body.on('error', () => {});
  res.body.destroy();
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
 * What an answer is to the bytes already in the file: the whole file (from the first byte), the rest of it
 * (a 206 that continues them), the end (a 416 once every byte is in), or none of these: start again from
 * zero, for `reason`.
 */
type Answer =
  | { kind: 'whole'; reason: string; total?: number; validator?: string; ranges: boolean; digest?: string }
  | { kind: 'rest'; total?: number; digest?: string }
  | { kind: 'complete' }
  | { kind: 'restart'; reason: string };

/**
 * Streams a download into a temporary file beside `dest`: an interruption is resumed with a Range request
 * (`If-Range` the validator of the first answer, and the 206's own validators compared with it, so a changed
 * file starts over) or restarted, within `attempts`; the length is checked against what the service
 * announced, and the SHA-256 against its `Repr-Digest` when it sends one; the file is fsynced and renamed
 * into place. After a failure nothing is left, neither under the final name nor beside it; after an
 * interruption (the signal), a download that `persist`s keeps its `.part` and record, synced, for the next
 * run.
 */
export async function transfer(openRequest: Opener, options: TransferOptions): Promise<TransferResult> {
  const download = await Download.begin(options);
  return download.run(openRequest);
}

/** One transfer's file, its sink and what is known of the answers; `transfer` runs it in named parts. */
class Download {
  private readonly started = performance.now();
  private readonly sink: FileSink;
  private total: number | undefined;
  private validator: string | undefined;
  /** The service serves ranges of it (the answer said `Accept-Ranges: bytes`, or a record did). */
  private ranges: boolean;
  /** The SHA-256 of the whole file the service announced, in hex. */
  private digest: string | undefined;
  private resumed = 0;
  private restarted = 0;
  /** A `.part` left by an earlier run was resumed with a Range request, and is not yet answered. */
  private fromEarlierRun = false;

  private constructor(
    private readonly options: TransferOptions,
    private readonly temp: string,
    private file: FileHandle | undefined,
    private readonly record: PartRecorder | undefined,
    kept: PartRecord | undefined,
  ) {
    this.total = kept?.total;
    this.validator = kept?.validator;
    this.ranges = kept !== undefined;
    this.digest = kept?.digest;
    this.sink = new FileSink(
      file as FileHandle,
      (written) => options.onProgress?.(written, this.total),
      record ? (bytes, sha256) => this.recordSynced(bytes, sha256) : undefined,
    );
    this.sink.total = this.total;
  }

  /** Opens the `.part`: the one an earlier run left, resumed when its record and its bytes hold; else anew. */
  static async begin(options: TransferOptions): Promise<Download> {
    const { dest, persist } = options;
    const temp = join(dirname(dest), `.${basename(dest)}.part`);
    const record = persist ? new PartRecorder(`${temp}.json`) : undefined;
    const carried = persist && record ? await readPartRecord(temp, record.path, persist.identity) : undefined;
    if (carried && 'reason' in carried) persist?.onRestart?.(`${carried.reason}: starting from zero`);
    const kept = carried && 'record' in carried ? carried.record : undefined;
    let file: FileHandle | undefined;
    try {
      file = await open(temp, kept ? 'r+' : 'w+', 0o600);
      if (kept) await file.truncate(kept.bytes);
      else await record?.remove();
    } catch (error) {
      await file?.close().catch(() => {});
      throw localError(temp, error);
    }
    const download = new Download(options, temp, file, record, kept);
    if (kept && kept.bytes > 0) await download.resumeKept(kept);
    return download;
  }

  /** The attempts, each one request and its answer, until the file is whole; then it is put in place. */
  async run(openRequest: Opener): Promise<TransferResult> {
    try {
      for (let attempt = 1; ; attempt++) {
        try {
          await this.exchange(openRequest);
          break;
        } catch (error) {
          await this.beforeRetry(error, attempt);
        }
      }
      return await this.finish();
    } catch (error) {
      throw await this.abandon(error);
    }
  }

  /**
   * The bytes an earlier run left are read back for their digest, which must be the one their record keeps
   * (else the file changed on the disk since, and the download starts from zero) before the rest is asked for.
   */
  private async resumeKept(kept: PartRecord): Promise<void> {
    let prefix: string;
    try {
      prefix = await this.sink.resumeAt(kept.bytes);
    } catch (error) {
      await this.sink.close();
      await this.file?.close().catch(() => {});
      throw localError(this.temp, error);
    }
    if (prefix === kept.prefix) {
      this.fromEarlierRun = true;
      return;
    }
    this.options.persist?.onRestart?.(
      `the first ${kept.bytes} bytes of ${this.temp} are not the ones its record describes (they changed on the disk): starting from zero`,
    );
    try {
      await this.restart();
    } catch (error) {
      await this.sink.close();
      await this.file?.close().catch(() => {});
      throw error;
    }
    this.ranges = false;
    this.validator = this.total = this.digest = this.sink.total = undefined;
  }

  /**
   * One request and its answer, streamed into the file. An answer that cannot continue the bytes in the file
   * (another range, a changed file, a 416) starts from zero with a new request at once: that is no failed
   * attempt. Without a Range, neither such answer can come again, so this asks twice at most.
   */
  private async exchange(openRequest: Opener): Promise<void> {
    for (;;) {
      const resuming = this.resumable();
      if (!resuming && this.sink.written > 0) await this.restart();
      const res = await openRequest(
        resuming ? { range: `bytes=${this.sink.written}-`, 'if-range': this.validator as string } : {},
      );
      const answer = this.judge(res, resuming);
      if (answer.kind === 'complete' || answer.kind === 'restart') discard(res);
      if (answer.kind === 'complete') return;
      if (answer.kind === 'restart') {
        this.earlierRunLost(answer.reason);
        await this.restart();
        continue;
      }
      try {
        if (answer.kind === 'whole') await this.takeWhole(answer);
        else this.takeRest(answer);
        await this.receive(res);
      } catch (error) {
        discard(res);
        throw error;
      }
      return;
    }
  }

  private resumable(): boolean {
    return this.options.resume && this.sink.written > 0 && this.ranges && this.validator !== undefined;
  }

  /** What the answer is to the bytes in the file: its status, range and validators against the recorded ones. */
  private judge(res: Dispatcher.ResponseData, resuming: boolean): Answer {
    if (res.statusCode === 416) return this.judgeRefusal(res, resuming);
    if (res.statusCode === 206) return this.judgeRange(res, resuming);
    return this.judgeWhole(res.headers);
  }

  /** A 416: every byte is in already (the last attempt failed after them), or the range is gone. */
  private judgeRefusal(res: Dispatcher.ResponseData, resuming: boolean): Answer {
    if (!resuming) throw this.unasked(res, '416 (range not satisfiable)');
    const length = unsatisfiedLength(header(res.headers, 'content-range'));
    const { written } = this.sink;
    const sameLength = length === undefined || length === this.total;
    if (this.total !== undefined && written === this.total && sameLength) return { kind: 'complete' };
    const now = length === undefined ? '' : ` (the file is now ${length} bytes, ${written} were kept)`;
    return { kind: 'restart', reason: `the service refused the range of the partial download${now}` };
  }

  /**
   * A 206: the rest of the file when it starts at the first byte missing, of the same length, and (resuming)
   * named by the same validators. A service may answer the range of a file that changed whatever If-Range
   * says: its own ETag or Last-Modified, and its Repr-Digest when it sends one, must still name the bytes kept.
   */
  private judgeRange(res: Dispatcher.ResponseData, resuming: boolean): Answer {
    const { headers } = res;
    const range = parseContentRange(header(headers, 'content-range'));
    if (!resuming && range?.start !== 0) throw this.unasked(res, '206 (a range)');
    const otherTotal = range?.total !== undefined && this.total !== undefined && range.total !== this.total;
    if (!range || range.start !== this.sink.written || otherTotal) {
      return { kind: 'restart', reason: 'the service answered another range than the one asked for' };
    }
    const digest = reprDigest(header(headers, 'repr-digest'));
    const now = validatorOf(headers);
    const otherDigest = digest !== undefined && this.digest !== undefined && digest !== this.digest;
    if (resuming && (now !== this.validator || otherDigest)) {
      const answered = otherDigest ? `another SHA-256, ${digest}` : (now ?? 'unmarked');
      return {
        kind: 'restart',
        reason: `it changed since (it was ${this.validator ?? 'unmarked'}, the range answered is of ${answered})`,
      };
    }
    return {
      kind: 'rest',
      ...(range.total === undefined ? {} : { total: range.total }),
      ...(digest ? { digest } : {}),
    };
  }

  /** A 200: the whole file, named by its validator; why the bytes kept (if any) are not continued. */
  private judgeWhole(headers: Headers): Answer {
    const validator = validatorOf(headers);
    const ranges = header(headers, 'accept-ranges')?.toLowerCase() === 'bytes';
    const length = header(headers, 'content-length');
    const total = length !== undefined && /^\d+$/.test(length) ? Number(length) : undefined;
    const digest = reprDigest(header(headers, 'repr-digest'));
    return {
      kind: 'whole',
      reason: !ranges
        ? 'the service answered the whole file to a Range request (it does not serve ranges)'
        : validator !== this.validator
          ? `it changed since (it was ${this.validator ?? 'unmarked'}, it is ${validator ?? 'unmarked'})`
          : 'the service answered the whole file to a Range request',
      ranges,
      ...(total === undefined ? {} : { total }),
      ...(validator === undefined ? {} : { validator }),
      ...(digest === undefined ? {} : { digest }),
    };
  }

  /** An answer to a request for the whole file that only a Range request may have: exit 8. */
  private unasked(res: Dispatcher.ResponseData, what: string): UnexpectedResponseError {
    discard(res);
    return new UnexpectedResponseError(
      `${this.options.context ?? 'the download'}: the service answered ${what} to a request for the whole file`,
    );
  }

  /** The whole file comes: from zero, what it is now named by. */
  private async takeWhole(answer: Extract<Answer, { kind: 'whole' }>): Promise<void> {
    if (this.sink.written > 0) {
      this.earlierRunLost(answer.reason);
      // Before the new validator is taken: a record written meanwhile still names the old bytes.
      await this.restart();
    }
    this.total = this.sink.total = answer.total;
    this.validator = answer.validator;
    this.ranges = answer.ranges;
    this.digest = answer.digest;
    this.recordSynced(0, emptySha256);
  }

  /** The rest of the file comes, after the bytes in it. */
  private takeRest(answer: Extract<Answer, { kind: 'rest' }>): void {
    this.total ??= answer.total;
    this.sink.total = this.total;
    this.digest ??= answer.digest;
    this.resumed++;
    if (this.fromEarlierRun) this.options.persist?.onResume?.(this.sink.written, this.total);
    this.fromEarlierRun = false;
  }

  /** The answer's body into the file, all of it written; short of the announced length, a ShortTransfer. */
  private async receive(res: Dispatcher.ResponseData): Promise<void> {
    let first = this.sink.written === 0;
    let collected = this.sink.queued;
    for await (const chunk of res.body as AsyncIterable<Buffer>) {
      if (first) {
        this.options.check?.(chunk, res.headers);
        first = false;
      }
      try {
        await this.sink.push(chunk);
      } catch (error) {
        throw localError(this.temp, error);
      }
      if (this.sink.queued - collected >= collectBytes) {
        collected = this.sink.queued;
        collectYoung();
      }
    }
    if (first) this.options.check?.(Buffer.alloc(0), res.headers);
    await this.drain();
    if (this.total !== undefined && this.sink.written !== this.total) {
      throw new ShortTransfer(`the answer ended at byte ${this.sink.written} of ${this.total}`);
    }
  }

  /** After an attempt failed: another after the wait, or the error the run ends with. */
  private async beforeRetry(error: unknown, attempt: number): Promise<void> {
    const { options } = this;
    const { signal } = options;
    // What arrived before the break is good: keep it, so a resume asks only for the rest.
    if (!(error instanceof CliError && error.exitCode !== ExitCode.transient)) await this.drain();
    if (signal?.aborted) throw interrupted(signal);
    if (!retryable(error) || attempt >= options.attempts) {
      throw failure(error, attempt, this.sink.written, this.total);
    }
    // A 429 or 503 may say when to come back: waited for, up to --max-retry-wait; later, exit 7 at once.
    const maxWaitMs = options.maxRetryWaitMs ?? defaultMaxRetryWaitMs;
    const retryAfter = error instanceof ApiError ? error.retryAfter : undefined;
    const wait = retryWait(attempt, retryAfter, { random: options.random, maxWaitMs });
    if (wait.later) {
      const status = (error as ApiError).status ?? 503;
      throw retryLaterError(options.context ?? 'the download', status, wait.later, maxWaitMs);
    }
    options.onRetry?.(reasonOf(error), this.sink.written, this.total, wait.delayMs);
    try {
      await sleep(wait.delayMs, signal);
    } catch {
      throw interrupted(signal);
    }
  }

  /** The whole file: its digest checked, fsynced, its checksum file written, renamed into place. */
  private async finish(): Promise<TransferResult> {
    const file = this.file as FileHandle;
    // The last bytes hashed (read back by the worker) while the disk takes them: the fsync is waited for
    // after the digest is checked, before the file is renamed into place.
    const synced = file.sync().then(
      () => undefined,
      (error: unknown) => error,
    );
    let sha256: string;
    try {
      sha256 = await this.sink.digest();
    } catch (error) {
      await synced;
      throw localError(this.temp, error);
    }
    await this.sink.close();
    await this.record?.settled();
    if (this.digest !== undefined && this.digest !== sha256) {
      await synced;
      throw new UnexpectedResponseError(
        `the downloaded file's SHA-256 (${sha256}) is not the one the service announced (${this.digest})`,
      );
    }
    const { dest } = this.options;
    try {
      const failed = await synced;
      if (failed !== undefined) throw failed;
      await file.close();
      this.file = undefined;
      if (this.options.checksumFile) await writeFileAtomic(`${dest}.sha256`, checksumLine(sha256, dest));
      await rename(this.temp, dest);
      await this.record?.remove();
      await fsyncDir(dirname(dest));
    } catch (error) {
      throw localError(dest, error);
    }
    return {
      path: dest,
      bytes: this.sink.written,
      sha256,
      seconds: (performance.now() - this.started) / 1000,
      resumed: this.resumed,
      restarted: this.restarted,
    };
  }

  /**
   * The run ends with `error`: interrupted, what can be resumed is kept (synced, with its record) and said;
   * otherwise nothing is left. Returns the error to throw.
   */
  private async abandon(error: unknown): Promise<unknown> {
    const { signal } = this.options;
    const kept = signal?.aborted ? await this.keep().catch(() => undefined) : undefined;
    await this.sink.drain().catch(() => {});
    await this.sink.close();
    await this.file?.close().catch(() => {});
    this.file = undefined;
    await this.record?.settled();
    if (kept === undefined) {
      await rm(this.temp, { force: true });
      await this.record?.remove();
    } else {
      this.options.persist?.onKept?.(kept, this.total, this.temp);
    }
    if (signal?.aborted && !(error instanceof InterruptedError)) return interrupted(signal);
    return error;
  }

  /**
   * Interrupted: the bytes written so far are synced and recorded with their digest, for the next run to
   * resume. Returns how many; undefined when nothing can be resumed (no record, no ranges, no bytes).
   */
  private async keep(): Promise<number | undefined> {
    const { record, file } = this;
    if (!record || !file || !this.ranges || this.validator === undefined) return undefined;
    await this.sink.drain();
    const bytes = this.sink.written;
    if (bytes === 0) return undefined;
    await file.datasync();
    await record.writeNow(this.recordOf(bytes, await this.sink.digest()));
    return bytes;
  }

  private recordOf(bytes: number, prefix: string): PartRecord {
    const { total, digest } = this;
    const identity = (this.options.persist as PersistOptions).identity;
    return { version: 2, identity, validator: this.validator as string, total, digest, bytes, prefix };
  }

  /** The first `bytes` are on the disk, of SHA-256 `prefix`: the record says so (when they can be resumed). */
  private recordSynced(bytes: number, prefix: string): void {
    if (!this.record || !this.ranges || this.validator === undefined) return;
    this.record.write(this.recordOf(bytes, prefix));
  }

  private earlierRunLost(reason: string): void {
    if (this.fromEarlierRun) this.options.persist?.onRestart?.(`${reason}: starting from zero`);
    this.fromEarlierRun = false;
  }

  /** Everything received so far in the file; a write that failed is the file's error, not the network's. */
  private async drain(): Promise<void> {
    try {
      await this.sink.drain();
    } catch (error) {
      throw localError(this.temp, error);
    }
  }

  /** From zero: the record goes, the hash starts over, then (nothing reading it any more) the file is emptied. */
  private async restart(): Promise<void> {
    await this.drain();
    await this.record?.remove();
    if (this.sink.written > 0) this.restarted++;
    try {
      await this.sink.reset();
      await (this.file as FileHandle).truncate(0);
    } catch (error) {
      throw localError(this.temp, error);
    }
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
