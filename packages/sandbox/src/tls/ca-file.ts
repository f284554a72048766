import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

/**
 * The sandbox's state directory: the directory of `--state FILE`, else SECSCAN_STATE_DIR, else
 * $XDG_STATE_HOME/secscan, else ~/.local/state/secscan. The CA of `--tls` is written there.
 */
export function sandboxStateDir(statePath: string | undefined, env: NodeJS.ProcessEnv): string {
  if (statePath) return dirname(resolve(statePath));
  if (env.SECSCAN_STATE_DIR) return resolve(env.SECSCAN_STATE_DIR);
  if (env.XDG_STATE_HOME) return join(env.XDG_STATE_HOME, 'secscan');
  return join(env.HOME || homedir(), '.local', 'state', 'secscan');
}

/** Writes the CA (a public certificate: mode 0644) as `sandbox-ca-<port>.pem`; returns its path. */
export function writeCaFile(dir: string, port: number, pem: string): string {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const path = join(dir, `sandbox-ca-${port}.pem`);
  writeFileSync(path, pem, { mode: 0o644 });
  return path;
}

export function removeCaFile(path: string): void {
  rmSync(path, { force: true });
}
