import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';
import { ConfigError, InputTooLargeError, UsageError } from '../errors.js';

/**
 * The longest input a command reads: a rules, policy, access, configuration or CSV file, a list of ids, an
 * `api --input` body, standard input. Checked before the input is read whole (issue 18, item 5).
 */
export const maxInputBytes = 4 * 1024 * 1024;

/** What a file that is not a regular one is, for messages: `a FIFO (named pipe)`. */
function kindOf(stat: Stats): string {
  if (stat.isFIFO()) return 'a FIFO (named pipe)';
  if (stat.isSocket()) return 'a socket';
  if (stat.isCharacterDevice()) return 'a character device';
  if (stat.isBlockDevice()) return 'a block device';
  return 'a special file';
}

/** A file given as input that is not a regular file (a FIFO, a device): refused, never waited on. */
export class NotRegularFileError extends Error {
  readonly code = 'ENOTREGULAR';
}

/**
 * The bytes of a file, at most `limit`: its size is checked first (a larger file is not read), and the
 * reading stops past the limit. A directory is refused as EISDIR, and anything else that is not a regular
 * file (a FIFO, a socket, a device) as ENOTREGULAR: it is opened without waiting (O_NONBLOCK: a FIFO's open
 * would block the thread, deaf to Ctrl-C, until someone writes to it) and never read; `-` is standard input.
 * File system errors (ENOENT, EACCES) are thrown as they are, for the caller to word.
 */
export function readFileLimited(path: string, label = path, limit = maxInputBytes): Buffer {
  const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const stat = fstatSync(fd);
    if (stat.isDirectory()) throw Object.assign(new Error('it is a directory'), { code: 'EISDIR' });
    if (!stat.isFile()) {
      throw new NotRegularFileError(`it is ${kindOf(stat)}, not a regular file`);
    }
    if (stat.isFile() && stat.size > limit) throw new InputTooLargeError(label, limit, stat.size);
    const chunks: Buffer[] = [];
    let size = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(1024 * 1024, limit + 1 - size));
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      chunks.push(chunk.subarray(0, n));
      size += n;
      if (size > limit) throw new InputTooLargeError(label, limit);
    }
    return Buffer.concat(chunks, size);
  } finally {
    closeSync(fd);
  }
}

/** A stream's bytes (standard input), at most `limit`: past it, the reading stops and nothing is kept. */
export async function readStreamLimited(
  stream: AsyncIterable<Buffer | string>,
  label: string,
  limit = maxInputBytes,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > limit) throw new InputTooLargeError(label, limit);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks, size);
}

/**
 * Every file a command reads from the user (rules, policies, access, configuration and CSV files, id lists,
 * `api --input`, `-F key=@file`) goes through here: at most `maxInputBytes` (4 MiB), the size checked
 * before the file is read whole, and standard input for `-`. An input that cannot be read, or is too long,
 * is a configuration error (exit 3), or a usage error (exit 2) for the options that report it so.
 */
export interface InputFile {
  /** How messages name the input: `--rules`, `policy file`. */
  what: string;
  /** Report problems as usage errors (exit 2) rather than configuration errors (exit 3). */
  usage?: boolean;
}

function why(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EISDIR') return 'it is a directory';
  if (code === 'ENOTREGULAR') return (error as Error).message;
  return code ?? (error as Error).message;
}

export function refusal(error: unknown, path: string, input: InputFile): Error {
  const kind = input.usage ? UsageError : ConfigError;
  if (error instanceof InputTooLargeError) return input.usage ? new UsageError(error.message) : error;
  return new kind(`${input.what}: cannot read ${path}: ${why(error)}`, { cause: error });
}

/** The bytes of a file (no standard input): see InputFile. */
export function readInputFileSync(path: string, input: InputFile): Buffer {
  try {
    return readFileLimited(path, input.what === path ? path : `${input.what}: ${path}`);
  } catch (error) {
    throw refusal(error, path, input);
  }
}
