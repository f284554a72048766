// Starts the built `secscan sandbox` on a free port for a benchmark; resolves with the child and its
// three settings (SECSCAN_BASE_URL, SECSCAN_ORG_ID, SECSCAN_TOKEN) once it prints them.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export const bin = fileURLToPath(new URL('../bin/secscan.js', import.meta.url));

/** `binary`: another checkout's `bin/secscan.js` (a benchmark comparing two builds); default this one's. */
export async function startSandbox(args = [], env = process.env, binary = bin) {
  const child = spawn(process.execPath, [binary, 'sandbox', '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'ignore'],
    env,
  });
  const settings = {};
  const lines = createInterface({ input: child.stdout });
  await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the sandbox exited (${code})`)));
    lines.on('line', (line) => {
      const [key, ...rest] = line.split('=');
      settings[key] = rest.join('=');
      if (Object.keys(settings).length === 3) resolve();
    });
  });
  child.removeAllListeners('exit');
  return { child, settings };
}
