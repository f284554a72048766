import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireLock, LockBusyError, releaseLock, tryLock } from '../../../src/util/lockfile.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'secscan-lock-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A lock file of this (running) process, taken `ageMs` ago with `token`. */
const liveHolder = (token: string, ageMs = 0) =>
  JSON.stringify({
    pid: process.pid,
    host: hostname(),
    since: new Date(Date.now() - ageMs).toISOString(),
    token,
  });

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

  it('gives each taking of the lock its own token, and a release removes only the lock it took', async () => {
    const path = join(dir, 'x.lock');
    const first = await acquireLock(path);
    const token = JSON.parse(readFileSync(path, 'utf8')).token as string;
    first();
    const second = await acquireLock(path);
    expect(JSON.parse(readFileSync(path, 'utf8')).token).not.toBe(token);
    second();
    // A lock that is someone else's now (ours was taken over) stays where it is.
    const third = await acquireLock(path);
    const other = liveHolder('other');
    writeFileSync(path, other);
    third();
    expect(readFileSync(path, 'utf8')).toBe(other);
  });

  it('byAgeOnly: a claim is taken over once older than staleMs, even while its holder runs', () => {
    const path = join(dir, 'x.refresh');
    const young = liveHolder('a');
    writeFileSync(path, young);
    expect(tryLock(path, { staleMs: 60_000, byAgeOnly: true })).toBeUndefined();
    const old = liveHolder('b', 120_000);
    writeFileSync(path, old);
    const taken = tryLock(path, { staleMs: 60_000, byAgeOnly: true });
    expect(taken?.token).toMatch(new RegExp(`^${process.pid}-`));
    expect(JSON.parse(readFileSync(path, 'utf8')).token).toBe(taken?.token);
    releaseLock(path, taken?.token as string);
    expect(existsSync(path)).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
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
