import { execFileSync, spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

/**
 * A PostgreSQL server of the test suite's own: Debian's `postgresql` (scripts/ensure-tools.mjs installs it),
 * `initdb` and `pg_ctl` run as the unprivileged `postgres` user when the tests run as root (the server
 * refuses root), its socket in a private directory (no TCP: nothing else on the machine sees it), password
 * authentication (so a wrong one can be tested), fsync off (a test's data need not survive a crash of the
 * machine). `stop()` ends it by its PID. One server serves every test of a file: each test makes databases.
 */
export interface TestPostgres {
  socketDir: string;
  port: number;
  user: string;
  password: string;
  /** postgres://USER:PASSWORD@localhost:PORT/NAME?host=SOCKETDIR */
  url(database: string, password?: string): string;
  createDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
}

/** The newest server's bin directory under /usr/lib/postgresql, or undefined when none is installed. */
export function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : undefined;
}

const asServer = (command: string, args: string[]) => {
  const root = userInfo().uid === 0;
  return root ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
};

export async function startPostgres(): Promise<TestPostgres> {
  const bin = postgresBin();
  if (!bin)
    throw new Error('PostgreSQL is not installed: apt-get install -y postgresql (scripts/ensure-tools.mjs)');
  const dir = mkdtempSync(join(tmpdir(), 'secscan-pg-'));
  const data = join(dir, 'data');
  const socketDir = join(dir, 'socket');
  const password = 'sync-test-password';
  const pwfile = join(dir, 'pw');
  execFileSync('mkdir', ['-p', socketDir]);
  writeFileSync(pwfile, `${password}\n`);
  if (userInfo().uid === 0) {
    const { uid, gid } = Object.fromEntries(
      ['u', 'g'].map((k) => [
        k === 'u' ? 'uid' : 'gid',
        Number(execFileSync('id', [`-${k}`, 'postgres']).toString()),
      ]),
    ) as { uid: number; gid: number };
    for (const path of [dir, socketDir, pwfile]) chownSync(path, uid, gid);
    chmodSync(dir, 0o755);
  }
  const run = (command: string, args: string[]) => {
    const [cmd, argv] = asServer(join(bin, command), args) as [string, string[]];
    const res = spawnSync(cmd, argv, { encoding: 'utf8' });
    if (res.status !== 0) throw new Error(`${command} failed (${res.status}): ${res.stderr || res.stdout}`);
  };
  run('initdb', [
    '-D',
    data,
    '-U',
    'secscan',
    '--pwfile',
    pwfile,
    '-A',
    'scram-sha-256',
    '--no-sync',
    '-E',
    'UTF8',
  ]);
  const port = 20000 + Math.floor(Math.random() * 20000);
  const options = `-k ${socketDir} -p ${port} -c listen_addresses='' -c fsync=off -c full_page_writes=off -c synchronous_commit=off`;
  run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', '-t', '60', 'start']);
  const pid = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const url = (database: string, pw = password) =>
    `postgres://secscan:${encodeURIComponent(pw)}@localhost:${port}/${database}?host=${encodeURIComponent(socketDir)}`;
  const pg = (await import('pg')).default;
  return {
    socketDir,
    port,
    user: 'secscan',
    password,
    url,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: url('postgres') });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } finally {
        await client.end();
      }
      return url(name);
    },
    async stop() {
      try {
        process.kill(pid, 'SIGINT');
      } catch {
        // Gone already.
      }
      // Fast shutdown: wait for the postmaster to be gone, then remove its files.
      for (let i = 0; i < 600; i++) {
        try {
          process.kill(pid, 0);
        } catch {
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
