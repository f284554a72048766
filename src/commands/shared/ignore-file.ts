import type { Context } from '../../context.js';
import type { IgnoreFile } from '../../ignores/file.js';
import type { MatchContext, Suppressor } from '../../ignores/match.js';
import { negatableText } from '../define.js';
import { readInputFile } from './files.js';

/** `--ignore-file FILE` and `--no-ignore-file`, for every command that honours the ignore file. */
export const ignoreFileOption = negatableText(
  '--ignore-file <file>',
  'the ignore file of suppressions\n\n(default: .secscan/ignore.yml here or in a directory above, up to the repository root)',
  'use no ignore file, even if one is found',
  { complete: 'file' },
);

/**
 * The ignore file the options name (`--ignore-file`), or the one found from the working directory up
 * (`.secscan/ignore.yml`), or none (`--no-ignore-file`, or nothing found). A file that cannot be read or
 * understood is a configuration error at its line (exit 3), before any request.
 */
export async function readIgnores(
  ctx: Context,
  given: string | false | undefined,
): Promise<IgnoreFile | undefined> {
  if (given === false) return undefined;
  const { findIgnoreFile } = await import('../../ignores/discover.js');
  const path = given ?? findIgnoreFile(process.cwd());
  if (path === undefined) {
    ctx.debug('ignore file: none found (.secscan/ignore.yml, from the working directory up)');
    return undefined;
  }
  const text = await readInputFile(ctx, path, {
    what: given === undefined ? 'ignore file' : '--ignore-file',
  });
  const { readIgnoreText } = await import('../../ignores/load.js');
  const file = await readIgnoreText(text, path);
  ctx.debug(`ignore file: ${path} (${file.entries.length} entries)`);
  return file;
}

/** The suppressor of the ignore file in effect (see readIgnores), for findings seen in `context`. */
export async function loadSuppressor(
  ctx: Context,
  given: string | false | undefined,
  context: MatchContext = {},
): Promise<Suppressor | undefined> {
  const file = await readIgnores(ctx, given);
  if (!file) return undefined;
  const { suppressorOf } = await import('../../ignores/load.js');
  return suppressorOf(file, ctx.env, context);
}
