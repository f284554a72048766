import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { execa, type Options, type ResultPromise } from 'execa';

export const bin = fileURLToPath(new URL('../../bin/secscan.js', import.meta.url));

/** `secscan` in `dir` (created), as `npm link` would put it on PATH: this checkout's built binary. */
export function secscanShim(dir: string): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'secscan');
  writeFileSync(path, `#!/bin/sh\nexec "${process.execPath}" "${bin}" "$@"\n`);
  chmodSync(path, 0o755);
  return path;
}

/** A loopback port nothing listens on (it was free a moment ago). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface SeededUser {
  email: string;
  role: string;
  token: string;
}

export interface RunningSandbox {
  baseUrl: string;
  orgId: string;
  token: string;
  /** With --tls: the CA file the sandbox wrote (SECSCAN_CA_FILE). */
  caFile: string | undefined;
  /** What a client needs to reach it: SECSCAN_BASE_URL, SECSCAN_ORG_ID and SECSCAN_TOKEN (its admin's). */
  settings: { SECSCAN_BASE_URL: string; SECSCAN_ORG_ID: string; SECSCAN_TOKEN: string };
  users: SeededUser[];
  tokens: Record<string, string>;
  roles: Record<string, string>;
  /** Lines the sandbox wrote on stderr (the request log with `--log`). */
  log: string[];
  /** The sandbox's own SECSCAN_CONFIG_DIR (where `--profile NAME` stores the profile). */
  configDir: string;
  tokenOf(role: string): string;
  stop(): Promise<void>;
  /** Ends the sandbox with a signal, at once (SIGKILL: as a crash would). */
  kill(signal: NodeJS.Signals): Promise<void>;
}

/**
 * Starts the built `secscan sandbox` (or that of `secscan`, another installed copy) on a free port and
 * reads its three ready lines and users file.
 */
export async function startSandbox(
  args: string[] = [],
  { secscan = bin }: { secscan?: string } = {},
): Promise<RunningSandbox> {
  const dir = mkdtempSync(join(tmpdir(), 'secscan-e2e-sandbox-'));
  const usersFile = join(dir, 'users.json');
  const child = execa('node', [secscan, 'sandbox', '--port', '0', '--users-file', usersFile, ...args], {
    env: { SECSCAN_CONFIG_DIR: join(dir, 'config') },
    extendEnv: false,
    reject: false,
    buffer: false,
  });
  const log: string[] = [];
  if (child.stderr) createInterface({ input: child.stderr }).on('line', (line) => log.push(line));
  const settings: Record<string, string> = {};
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`sandbox not ready: ${log.join('\n')}`)), 20_000);
    child.on('exit', (code) => reject(new Error(`sandbox exited (${code}): ${log.join('\n')}`)));
    if (!child.stdout) return reject(new Error('no stdout'));
    createInterface({ input: child.stdout }).on('line', (line) => {
      const eq = line.indexOf('=');
      settings[line.slice(0, eq)] = line.slice(eq + 1);
      // With --tls a fourth line names the CA.
      if (Object.keys(settings).length === (args.includes('--tls') ? 4 : 3)) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  const users = JSON.parse(readFileSync(usersFile, 'utf8'));
  const client = {
    SECSCAN_BASE_URL: settings.SECSCAN_BASE_URL as string,
    SECSCAN_ORG_ID: settings.SECSCAN_ORG_ID as string,
    SECSCAN_TOKEN: settings.SECSCAN_TOKEN as string,
  };
  return {
    baseUrl: client.SECSCAN_BASE_URL,
    orgId: client.SECSCAN_ORG_ID,
    token: client.SECSCAN_TOKEN,
    caFile: settings.SECSCAN_CA_FILE,
    settings: client,
    users: users.users,
    tokens: users.tokens,
    roles: users.roles,
    log,
    configDir: join(dir, 'config'),
    tokenOf(role: string) {
      const user = users.users.find((u: SeededUser) => u.role === role);
      if (!user) throw new Error(`no seeded user with role ${role}`);
      return user.token;
    },
    async stop() {
      child.kill('SIGINT');
      await child;
      rmSync(dir, { recursive: true, force: true });
    },
    async kill(signal) {
      child.kill(signal);
      await child;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A temporary config directory and an environment holding nothing from the developer's own. */
export function isolatedEnv(extra: Record<string, string> = {}): {
  env: Record<string, string>;
  dir: string;
  cleanup(): void;
} {
  const dir = mkdtempSync(join(tmpdir(), 'secscan-e2e-config-'));
  const env: Record<string, string> = { SECSCAN_CONFIG_DIR: dir, PATH: process.env.PATH ?? '', ...extra };
  return { env, dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Runs the built binary with only the given environment; never rejects, so tests assert exit codes. */
export function secscan(args: string[], env: Record<string, string>, options: Options = {}): ResultPromise {
  return execa('node', [bin, ...args], { env, extendEnv: false, reject: false, stdin: 'ignore', ...options });
}

/**
 * Runs the binary under a pseudo-terminal (util-linux `script`), as a person at a terminal would; the output
 * is not paged (SECSCAN_PAGER=cat unless `env` names a pager): test/e2e/terminal-listing.test.ts tests
 * the pager.
 */
export function secscanInTerminal(args: string[], env: Record<string, string>): ResultPromise {
  const quoted = args.map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(' ');
  return execa('script', ['-qec', `stty cols 160 rows 50; node '${bin}' ${quoted}`, '/dev/null'], {
    env: { SECSCAN_PAGER: 'cat', ...env, TERM: 'xterm-256color' },
    extendEnv: false,
    reject: false,
    stdin: 'ignore',
  });
}
