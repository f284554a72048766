import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

/** SECSCAN_CONFIG_DIR, else $XDG_CONFIG_HOME/secscan, else ~/.config/secscan. */
export function configDir(env: NodeJS.ProcessEnv): string {
  if (env.SECSCAN_CONFIG_DIR) return env.SECSCAN_CONFIG_DIR;
  if (env.XDG_CONFIG_HOME) return join(env.XDG_CONFIG_HOME, 'secscan');
  return join(homedir(), '.config', 'secscan');
}

/**
 * Where secscan keeps what it must remember between runs (the journals of bulk changes): SECSCAN_STATE_DIR,
 * else $XDG_STATE_HOME/secscan, else ~/.local/state/secscan, as the sandbox keeps its CA there.
 */
export function stateDir(env: NodeJS.ProcessEnv): string {
  if (env.SECSCAN_STATE_DIR) return resolve(env.SECSCAN_STATE_DIR);
  if (env.XDG_STATE_HOME) return join(env.XDG_STATE_HOME, 'secscan');
  return join(env.HOME || homedir(), '.local', 'state', 'secscan');
}
