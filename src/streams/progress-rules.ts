import { fstatSync } from 'node:fs';
import type { Streams } from './streams.js';

export const fdOf = (stream: object): number | undefined => {
  const fd = (stream as { fd?: unknown }).fd;
  return typeof fd === 'number' ? fd : undefined;
};

/** Standard output is a regular file (`> findings.csv`): progress on the terminal helps; a pipe's reader may be one. */
function isFile(fd: number | undefined): boolean {
  if (fd === undefined) return false;
  try {
    return fstatSync(fd).isFile();
  } catch {
    return false;
  }
}

/**
 * A progress line (a long listing's, a whole-organization command's) may show on stderr: it is a terminal
 * (not TERM=dumb), --quiet and --debug are not given, and standard output is a terminal too or a file,
 * never a pipe (whose reader may be a pager on the same terminal).
 */
export function showsProgress(ctx: Streams): boolean {
  return (
    ctx.stderrIsTTY &&
    !ctx.globals.quiet &&
    !ctx.debugEnabled &&
    ctx.env.TERM !== 'dumb' &&
    (ctx.stdoutIsTTY || isFile(fdOf(ctx.io.stdout)))
  );
}
