import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireLock, LockBusyError } from '../../../src/util/lockfile.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'secscan-lock-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('acquireLock', () => {
  it('writes the holder and removes the file on release', async () => {
    const path = join(dir, 'x.lock');
    const release = await acquireLock(path, { command: 'backups download' });
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({
      pid: process.pid,
      host: hostname(),
      command: 'backups download',
    });
    release();
    expect(existsSync(path)).toBe(false);
  });

  it('refuses a held lock at once without waitMs, naming the holder', async () => {
    const path = join(dir, 'x.lock');
    const release = await acquireLock(path);
    const error = await acquireLock(path).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LockBusyError);
    expect((error as LockBusyError).holder?.pid).toBe(process.pid);
    expect((error as Error).message).toContain(`pid ${process.pid}`);
    release();
  });

  it('waits for a lock released within waitMs', async () => {
    const path = join(dir, 'x.lock');
    const release = await acquireLock(path);
    setTimeout(release, 50);
    const second = await acquireLock(path, { waitMs: 2000 });
    second();
  });

  it('takes over a lock whose holder died on this host', async () => {
    const path = join(dir, 'x.lock');
    writeFileSync(
      path,
      JSON.stringify({ pid: 2 ** 22 + 12345, host: hostname(), since: new Date().toISOString() }),
    );
    const release = await acquireLock(path);
    expect(JSON.parse(readFileSync(path, 'utf8')).pid).toBe(process.pid);
    release();
  });
});
