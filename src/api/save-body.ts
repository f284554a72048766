import { createWriteStream } from 'node:fs';
import { TransientError } from '../errors.js';

/**
 * Streams an answer's body to `dest` through `dest.partial`, renamed into place once complete; a partial file
 * is removed, never left looking complete. Returns the bytes written. `interrupted` is the error of an abort.
 * `check` reads the complete file before it takes `dest`'s name: what it throws (the body is not the document
 * asked for) is thrown as it is, and the file removed.
 */
export async function saveBody(
  body: NodeJS.ReadableStream,
  dest: string,
  context: string,
  signal: AbortSignal | undefined,
  interrupted: () => Error,
  onProgress?: (bytes: number) => void,
  check?: (partial: string) => Promise<void>,
): Promise<number> {
  // Loaded here, not at start-up: every other command would pay for them.
  const [{ rename, rm }, { pipeline }] = await Promise.all([
    import('node:fs/promises'),
    import('node:stream/promises'),
  ]);
  const partial = `${dest}.partial`;
  let bytes = 0;
  try {
    body.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      onProgress?.(bytes);
    });
    await pipeline(body, createWriteStream(partial, { mode: 0o600 }), { signal });
  } catch (error) {
    await rm(partial, { force: true });
    if (signal?.aborted) throw interrupted();
    throw new TransientError(`${context}: download interrupted: ${(error as Error).message}`, {
      cause: error,
    });
  }
  try {
    await check?.(partial);
    await rename(partial, dest);
    return bytes;
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}
