import { spawn } from 'node:child_process';

/**
 * The command that opens a web address: `$BROWSER` when set (a `%s` in it is replaced by the address, else
 * the address is appended), otherwise the platform's opener. Run without a shell: the address stays one
 * argument whatever it holds.
 */
export function openerCommand(
  url: string,
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform = process.platform,
): [string, string[]] {
  const browser = env.BROWSER?.trim();
  if (browser) {
    const words = browser.split(/\s+/);
    const filled = words.some((w) => w.includes('%s'))
      ? words.map((w) => w.replaceAll('%s', url))
      : [...words, url];
    return [filled[0] as string, filled.slice(1)];
  }
  if (platform === 'darwin') return ['open', [url]];
  // `start` would hand the address to cmd.exe, which reads `&` in a query string as a command separator.
  if (platform === 'win32') return ['rundll32', ['url.dll,FileProtocolHandler', url]];
  return ['xdg-open', [url]];
}

/** Starts the opener detached and returns once it has started; rejects when it cannot be run. */
export function openUrl(url: string, env: NodeJS.ProcessEnv): Promise<string> {
  const [command, args] = openerCommand(url, env);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { detached: true, stdio: 'ignore', env });
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(new Error(`${command}: ${error.code === 'ENOENT' ? 'not found' : error.message}`)),
    );
    child.once('spawn', () => {
      child.unref();
      resolve(command);
    });
  });
}
