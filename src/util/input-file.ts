import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { InputTooLargeError } from '../errors.js';

/**
 * The longest input a command reads: a rules, policy, access, configuration or CSV file, a list of ids, an
 * `api --input` body, standard input. Checked before the input is read whole (issue 18, item 5).
 */
export const maxInputBytes = 4 * 1024 * 1024;

/**
 * The bytes of a file, at most `limit`: its size is checked first (a larger file is not read), and the
 * reading stops past the limit (a device or a pipe has no size). A directory is refused as EISDIR. File
 * system errors (ENOENT, EACCES) are thrown as they are, for the caller to word.
 */
export function readFileLimited(path: string, label = path, limit = maxInputBytes): Buffer {
  const fd = openSync(path, 'r');
  try {
    const stat = fstatSync(fd);
    if (stat.isDirectory()) throw Object.assign(new Error('it is a directory'), { code: 'EISDIR' });
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
