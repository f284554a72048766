import { rename, rm, writeFile } from 'node:fs/promises';
import { ConfigError } from '../../errors.js';

/** Writes through a temporary file and a rename: a CI job never reads half a report. Gives the bytes written. */
export async function writeReportFile(flag: string, path: string, text: string): Promise<number> {
  const temp = `${path}.${process.pid}.tmp`;
  try {
    await writeFile(temp, text, { mode: 0o644 });
    await rename(temp, path);
    return Buffer.byteLength(text);
  } catch (error) {
    await rm(temp, { force: true });
    throw new ConfigError(`${flag}: cannot write ${path}: ${(error as Error).message}`, { cause: error });
  }
}
