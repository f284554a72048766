import { execFileSync, spawnSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, secscanShim, startSandbox } from './sandbox.js';

/**
 * Runs the crontab line and the systemd units of the guide "Backups, reports and the audit log"
 * (docs/guide/backups.md) as written, and holds the README's crontab line to the guide's: the crontab's
 * variables and command through `sh -c`, as cron does; the service's ExecStart with the environment file,
 * the state directory and `%S` as systemd provides them. The one liberty taken: `secscan` on the PATH, and
 * the unit's /usr/local/bin/secscan, are this checkout's built binary.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const section = readFileSync(join(root, 'docs/guide/backups.md'), 'utf8');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const crontab = /```crontab\n([\s\S]*?)```/.exec(section)?.[1] as string;
const units = [...section.matchAll(/```ini\n# (\/etc\/systemd\/system\/[\w.-]+)\n([\s\S]*?)```/g)].map(
  (m) => ({
    path: m[1] as string,
    text: m[2] as string,
  }),
);
const service = units.find((u) => u.path.endsWith('.service')) as { path: string; text: string };

const temp = mkdtempSync(join(tmpdir(), 'secscan-readme-backups-'));
const shims = join(temp, 'bin');
const shim = readFileSync(secscanShim(shims), 'utf8');

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox(['--log']);
});
afterAll(async () => {
  await sandbox?.stop();
  rmSync(temp, { recursive: true, force: true });
});

const downloads = () => sandbox.log.filter((line) => /^GET \S+\/backup\/download /.test(line)).length;

/** The downloads the sandbox logged, once its log (read from its stderr) has at least `expected` of them. */
async function downloadsLogged(expected: number): Promise<number> {
  for (let i = 0; i < 100 && downloads() < expected; i++) await new Promise((r) => setTimeout(r, 50));
  return downloads();
}

/** Fourteen earlier nights that secscan downloaded, as its manifest records them, and a file of the user's. */
function earlierNights(dir: string): string[] {
  mkdirSync(dir, { recursive: true });
  const backups = Array.from({ length: 14 }, (_, i) => {
    const day = String(i + 1).padStart(2, '0');
    const file = `backup-202608${day}T021500Z-0000000${i}.tar.gz`;
    writeFileSync(join(dir, file), `night ${i}`);
    writeFileSync(join(dir, `${file}.sha256`), `x  ${file}\n`);
    return {
      file,
      backup_id: `0000000${i}`,
      created_at: `2026-08-${day}T02:15:00Z`,
      bytes: 7,
      sha256: 'x',
      downloaded_at: `2026-08-${day}T03:15:00Z`,
    };
  });
  writeFileSync(join(dir, '.secscan-backups.json'), JSON.stringify({ version: 1, backups }));
  writeFileSync(join(dir, 'notes.txt'), 'mine');
  return backups.map((b) => b.file);
}

describe('the backups guide’s crontab entry', () => {
  it('is the line the README shows', () => {
    const shown = /```crontab\n([\s\S]*?)```/.exec(readme)?.[1]?.trim();
    expect(crontab.split('\n')).toContain(shown);
  });

  it('downloads the latest backup, verifies it, keeps the last 14 and prints nothing', async () => {
    const lines = crontab.split('\n').filter((l) => l.trim() && !l.startsWith('#'));
    const variables = Object.fromEntries(
      lines
        .filter((l) => /^\w+=/.test(l))
        .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
    );
    const jobs = lines.filter((l) => !/^\w+=/.test(l));
    expect(jobs).toHaveLength(1);
    const fields = (jobs[0] as string).trim().split(/\s+/);
    expect(fields.slice(0, 5)).toEqual(['15', '3', '*', '*', '*']);
    const command = (jobs[0] as string).trim().replace(/^(\S+\s+){5}/, '');
    expect(command).toMatch(/^secscan --profile backups -q backups download/);

    // Cron's own environment, plus the crontab's variables; the profile set up once as the guide says.
    const home = join(temp, 'home');
    mkdirSync(home);
    const cronEnv: Record<string, string> = { HOME: home, LOGNAME: 'backup', SHELL: '/bin/sh', ...variables };
    cronEnv.PATH = `${shims}:${variables.PATH}`;
    const login = await execa(
      'secscan',
      ['auth', 'login', '--profile', 'backups', '--base-url', sandbox.baseUrl, '--with-token'],
      {
        env: cronEnv,
        extendEnv: false,
        input: sandbox.token,
        reject: false,
      },
    );
    expect(login.exitCode).toBe(0);
    const dir = join(home, 'backups/secscan');
    const earlier = earlierNights(dir);

    const night = await execa('sh', ['-c', command], { env: cronEnv, extendEnv: false, reject: false });
    expect([night.exitCode, night.stdout, night.stderr]).toEqual([0, '', '']);
    const files = readdirSync(dir).filter((f) => f.endsWith('.tar.gz'));
    const [latest] = files.filter((f) => !earlier.includes(f));
    expect(files).toHaveLength(14);
    expect(files).not.toContain(earlier[0]);
    expect(readdirSync(dir)).toContain('notes.txt');
    expect(execFileSync('sha256sum', ['-c', `${latest}.sha256`], { cwd: dir }).toString()).toBe(
      `${latest}: OK\n`,
    );
    expect(await downloadsLogged(1)).toBe(1);

    // The next night finds it there and verified: no transfer, still silent.
    const again = await execa('sh', ['-c', command], { env: cronEnv, extendEnv: false, reject: false });
    expect([again.exitCode, again.stdout, again.stderr]).toEqual([0, '', '']);
    await new Promise((r) => setTimeout(r, 300));
    expect(downloads()).toBe(1);
  }, 60_000);
});

describe('the backups guide’s systemd units', () => {
  it('are two units, a service and its timer, that systemd-analyze verifies', () => {
    expect(units.map((u) => u.path)).toEqual([
      '/etc/systemd/system/secscan-backup.service',
      '/etc/systemd/system/secscan-backup.timer',
    ]);
    if (spawnSync('sh', ['-c', 'command -v systemd-analyze']).status !== 0) {
      console.warn('systemd-analyze is not installed: the units are run below but not verified');
      return;
    }
    const fsRoot = join(temp, 'root');
    mkdirSync(join(fsRoot, 'usr/local/bin'), { recursive: true });
    writeFileSync(join(fsRoot, 'usr/local/bin/secscan'), shim);
    chmodSync(join(fsRoot, 'usr/local/bin/secscan'), 0o755);
    mkdirSync(join(fsRoot, 'lib/systemd'), { recursive: true });
    cpSync('/lib/systemd/system', join(fsRoot, 'lib/systemd/system'), {
      recursive: true,
      verbatimSymlinks: true,
    });
    for (const unit of units) {
      mkdirSync(join(fsRoot, 'etc/systemd/system'), { recursive: true });
      writeFileSync(join(fsRoot, unit.path), unit.text);
    }
    const verify = spawnSync(
      'systemd-analyze',
      ['--root', fsRoot, 'verify', 'secscan-backup.service', 'secscan-backup.timer'],
      { encoding: 'utf8' },
    );
    expect(verify.stderr).toBe('');
    expect(verify.status).toBe(0);
  });

  it('runs the service’s ExecStart as written: downloads into the state directory, silently', async () => {
    const settings = Object.fromEntries(
      service.text
        .split('\n')
        .filter((l) => /^\w+=/.test(l))
        .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
    );
    expect(settings.EnvironmentFile).toBe('/etc/secscan/backup.env');
    // What /etc/secscan/backup.env holds, as the README describes it; systemd reads it into the environment.
    const envFile = join(temp, 'backup.env');
    writeFileSync(
      envFile,
      `SECSCAN_BASE_URL=${sandbox.baseUrl}\nSECSCAN_ORG_ID=${sandbox.orgId}\nSECSCAN_TOKEN=${sandbox.token}\n`,
      { mode: 0o600 },
    );
    const fromFile = Object.fromEntries(
      readFileSync(envFile, 'utf8')
        .trim()
        .split('\n')
        .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
    );
    // StateDirectory= is created (mode StateDirectoryMode=) under %S, the state root (/var/lib).
    const stateRoot = join(temp, 'var-lib');
    const stateDir = join(stateRoot, settings.StateDirectory as string);
    mkdirSync(stateDir, { recursive: true, mode: Number.parseInt(settings.StateDirectoryMode as string, 8) });
    const [exe, ...args] = (settings.ExecStart as string).replace(/%S/g, stateRoot).split(/\s+/);
    expect(exe).toBe('/usr/local/bin/secscan');
    const before = downloads();
    const run = await execa(join(shims, 'secscan'), args, {
      env: { PATH: '/usr/local/bin:/usr/bin:/bin', ...fromFile },
      extendEnv: false,
      reject: false,
    });
    expect([run.exitCode, run.stdout, run.stderr]).toEqual([0, '', '']);
    const [file] = readdirSync(stateDir).filter((f) => f.endsWith('.tar.gz'));
    expect(execFileSync('sha256sum', ['-c', `${file}.sha256`], { cwd: stateDir }).toString()).toBe(
      `${file}: OK\n`,
    );
    expect(await downloadsLogged(before + 1)).toBe(before + 1);
  }, 60_000);
});
