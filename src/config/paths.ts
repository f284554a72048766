import { homedir } from 'node:os';
import { join } from 'node:path';

/** SECSCAN_CONFIG_DIR, else $XDG_CONFIG_HOME/secscan, else ~/.config/secscan. */
export function configDir(env: NodeJS.ProcessEnv): string {
  if (env.SECSCAN_CONFIG_DIR) return env.SECSCAN_CONFIG_DIR;
  if (env.XDG_CONFIG_HOME) return join(env.XDG_CONFIG_HOME, 'secscan');
  return join(homedir(), '.config', 'secscan');
}
