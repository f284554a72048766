import { readFile } from 'node:fs/promises';
import type { Context } from '../../context.js';
import { ConfigError } from '../../errors.js';
import { decodeUtf8 } from '../../util/utf8.js';

/**
 * A file's text, or standard input's for `-`; an unreadable file, or one that is not UTF-8 (named at its
 * line: `FILE:LINE`, `stdin:LINE`), is a configuration error (exit 3).
 */
export async function readInput(ctx: Context, file: string, label = file): Promise<string> {
  let bytes: Buffer;
  try {
    bytes = file === '-' ? await ctx.readStdinBytes() : await readFile(file);
  } catch (error) {
    throw new ConfigError(`${label}: cannot read ${file}: ${(error as Error).message}`);
  }
  return decodeUtf8(bytes, file === '-' ? 'stdin' : file);
}
