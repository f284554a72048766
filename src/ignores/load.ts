import type { IgnoreFile } from './file.js';
import type { MatchContext, Suppressor } from './match.js';

/**
 * An ignore file's text read: by the fast reader when it is plain block YAML (the yaml package is loaded
 * only for a file it does not read), else by the full reader, which words every problem at its line (a
 * configuration error, exit 3).
 */
export async function readIgnoreText(text: string, path: string): Promise<IgnoreFile> {
  const { readIgnoreFileFast } = await import('./file.js');
  return readIgnoreFileFast(text, path) ?? (await import('./full-read.js')).readIgnoreFileFully(text, path);
}

/** The suppressor of an ignore file as of today (SECSCAN_TODAY in tests), for findings seen in `context`. */
export async function suppressorOf(
  file: IgnoreFile,
  env: NodeJS.ProcessEnv,
  context: MatchContext = {},
): Promise<Suppressor> {
  const [{ suppressor }, { today }] = await Promise.all([import('./match.js'), import('../util/today.js')]);
  return suppressor(file, today(env), context);
}
