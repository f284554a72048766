import { readFileSync, rmSync } from 'node:fs';
import { ConfigError } from '../../../errors.js';
import { writeFileAtomic } from '../../../util/durable.js';

/** The settings a sandbox prints once ready, in the order printed; SECSCAN_CA_FILE with --tls. */
export interface ReadySettings {
  SECSCAN_BASE_URL: string;
  SECSCAN_ORG_ID: string;
  SECSCAN_TOKEN: string;
  SECSCAN_CA_FILE?: string;
}

/** The KEY=value lines of stdout and of --ready-file: for `set -a; . ./FILE`, `export $(cat FILE)`, $GITHUB_ENV. */
export function readyLines(settings: ReadySettings): string {
  return Object.entries(settings)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}=${value}\n`)
    .join('');
}

/**
 * A sandbox's ready file (--ready-file): its settings, `absent` while it is not there, `incomplete` when it
 * holds something else (a sandbox renames it into place whole, so that is never one of its files).
 */
export function readReadyFile(path: string): ReadySettings | 'absent' | 'incomplete' {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'absent';
    throw new ConfigError(`cannot read ${path}: ${(error as Error).message}`, { cause: error });
  }
  const values: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const eq = line.indexOf('=');
    if (eq > 0) values[line.slice(0, eq)] = line.slice(eq + 1);
  }
  const { SECSCAN_BASE_URL, SECSCAN_ORG_ID, SECSCAN_TOKEN, SECSCAN_CA_FILE } = values;
  if (!SECSCAN_BASE_URL || !SECSCAN_ORG_ID || !SECSCAN_TOKEN) return 'incomplete';
  return { SECSCAN_BASE_URL, SECSCAN_ORG_ID, SECSCAN_TOKEN, ...(SECSCAN_CA_FILE ? { SECSCAN_CA_FILE } : {}) };
}

/** Written whole or not at all (a temporary file renamed into place), mode 0600: it holds a token. */
export async function writeReadyFile(path: string, text: string): Promise<void> {
  try {
    await writeFileAtomic(path, text);
  } catch (error) {
    throw new ConfigError(`--ready-file: cannot write ${path}: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

/** Removes the file if it still holds what this sandbox wrote (another one may have replaced it since). */
export function removeReadyFile(path: string, text: string | undefined): void {
  try {
    if (text === undefined || readFileSync(path, 'utf8') === text) rmSync(path, { force: true });
  } catch {
    // Gone already, or unreadable: nothing of ours to remove.
  }
}
