import { readFile } from 'node:fs/promises';
import type { Context } from '../../context.js';
import { ConfigError } from '../../errors.js';

/** A file's text, or standard input's for `-`; an unreadable file is a configuration error (exit 3). */
export async function readInput(ctx: Context, file: string, label = file): Promise<string> {
  try {
    return file === '-' ? await ctx.readStdin() : await readFile(file, 'utf8');
  } catch (error) {
    throw new ConfigError(`${label}: cannot read ${file}: ${(error as Error).message}`);
  }
}
