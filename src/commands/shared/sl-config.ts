import { homedir } from 'node:os';
import { join } from 'node:path';
import { tokenPattern, uuidPattern } from '@secscan/api/values';
import { ConfigError, InputTooLargeError } from '../../errors.js';
import { readFileLimited } from '../../util/input-file.js';

/** Where `sl auth` keeps its credentials: `$HOME/.shiftleft/config.json`, `/etc/shiftleft` without a HOME. */
export function slConfigPath(env: NodeJS.ProcessEnv): string {
  if (env.HOME) return join(env.HOME, '.shiftleft', 'config.json');
  if (process.platform === 'win32') return join(env.USERPROFILE || homedir(), '.shiftleft', 'config.json');
  return '/etc/shiftleft/config.json';
}

/**
 * The organization id and access token `sl auth` saved (`orgId`, `accessToken`). Nothing of the file's
 * content reaches an error message: it holds a secret.
 */
export async function readSlConfig(path: string): Promise<{ orgId: string; token: string }> {
  let text: string;
  try {
    text = readFileLimited(path, `--from-sl: ${path}`).toString('utf8');
  } catch (error) {
    if (error instanceof InputTooLargeError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === 'ENOENT'
        ? 'no such file (run `sl auth` first, or name the file)'
        : code === 'ENOTREGULAR'
          ? (error as Error).message
          : code;
    throw new ConfigError(`--from-sl: cannot read ${path}: ${reason ?? 'unreadable'}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new ConfigError(
      `--from-sl: ${path} is not valid JSON (an sl config.json holds orgId and accessToken)`,
    );
  }
  const fields = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  const orgId = fields.orgId ?? fields.orgID;
  const token = fields.accessToken;
  if (typeof token !== 'string' || token.trim() === '') {
    const old =
      typeof fields.uploadToken === 'string' ? ' (it has only an upload token: run `sl auth` again)' : '';
    throw new ConfigError(`--from-sl: ${path} has no accessToken${old}`);
  }
  if (/\s/.test(token.trim()))
    throw new ConfigError(`--from-sl: the accessToken in ${path} contains white space`);
  if (!tokenPattern.test(token.trim())) {
    throw new ConfigError(
      `--from-sl: the accessToken in ${path} holds characters a token cannot have (control or non-ASCII characters)`,
    );
  }
  if (typeof orgId !== 'string' || !uuidPattern.test(orgId)) {
    throw new ConfigError(`--from-sl: ${path} has no orgId (a UUID)`);
  }
  return { orgId, token: token.trim() };
}
