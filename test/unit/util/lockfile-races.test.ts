import type * as Fs from 'node:fs';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * Another process acting between any two file-system calls of the lock: every call the lock module makes
 * to node:fs first runs what is scheduled at that call's number. The lock must never remove a live lock,
 * nor be taken while another process holds it, whatever the interleaving.
 */
const schedule = vi.hoisted(() => ({ calls: 0, at: new Map<number, () => void>() }));

vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof Fs>();
  const wrapped: Record<string, unknown> = { ...real };
  for (const [name, value] of Object.entries(real)) {
    if (typeof value !== 'function' || !/Sync$/.test(name)) continue;
    wrapped[name] = (...args: unknown[]) => {
      schedule.calls++;
      const act = schedule.at.get(schedule.calls);
      schedule.at.delete(schedule.calls);
      act?.();
      return (value as (...a: unknown[]) => unknown)(...args);
    };
  }
  return { ...wrapped, default: wrapped };
});

const { acquireLock, LockBusyError } = await import('../../../src/util/lockfile.js');
// The other process works on the real file system, never through the hooks.
const fs = await vi.importActual<typeof Fs>('node:fs');

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'secscan-lock-race-'));
  schedule.calls = 0;
  schedule.at.clear();
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** More file-system calls than one attempt at the lock makes (33 to take over a dead holder's lock). */
const calls = 50;

const holder = (token: string, pid = process.pid) =>
  JSON.stringify({ pid, host: hostname(), since: new Date().toISOString(), token });
/** A pid no process has (above the kernel's pid_max). */
const deadPid = 2 ** 22 + 12345;

/** Process C takes the lock its way: O_EXCL, so only when no lock file is there. */
function otherTakes(path: string, taken: { by: boolean }): () => void {
  return () => {
    try {
      fs.writeFileSync(path, holder('C'), { flag: 'wx' });
      taken.by = true;
    } catch {
      // held: C waits
    }
  };
}

/** Process C takes over a lock whose holder died (and only that one), or takes a free lock. */
function otherTakesOver(path: string, taken: { by: boolean }): () => void {
  return () => {
    try {
      if (JSON.parse(fs.readFileSync(path, 'utf8')).pid === deadPid) fs.rmSync(path);
    } catch {
      // no lock file, or one being written: C tries to take it as it is
    }
    otherTakes(path, taken)();
  };
}

/** Runs one interleaving: the lock is taken (at once or not at all) while C acts as scheduled. */
async function interleave(setUp: (path: string, taken: { by: boolean }) => void) {
  const path = join(dir, `x${Math.random().toString(36).slice(2)}.lock`);
  const taken = { by: false };
  setUp(path, taken);
  schedule.calls = 0;
  let ours = false;
  try {
    const release = await acquireLock(path, { waitMs: 0 });
    ours = true;
    void release;
  } catch (error) {
    if (!(error instanceof LockBusyError)) throw error;
  }
  const now = fs.existsSync(path) ? (JSON.parse(fs.readFileSync(path, 'utf8')) as { token?: string }) : {};
  return { ours, others: taken.by, othersFileKept: now.token === 'C', leftOver: fs.readdirSync(dir) };
}

describe('acquireLock against another process acting between any two of its file-system calls', () => {
  it('never removes a live lock when the holder releases and another process takes the lock meanwhile', async () => {
    // The race: H releases after our O_EXCL create failed, C takes the lock, and we must not
    // remove C's lock thinking the vanished one was stale.
    for (let release = 1; release <= calls; release++) {
      for (let take = release; take <= calls; take++) {
        const r = await interleave((path, taken) => {
          writeFileSync(path, holder('H'));
          schedule.at.set(release, () => fs.rmSync(path, { force: true }));
          const act = otherTakes(path, taken);
          schedule.at.set(take, take === release ? () => (fs.rmSync(path, { force: true }), act()) : act);
        });
        const where = `H releases before call ${release}, C takes the lock before call ${take}`;
        expect(r.ours && r.others, `${where}: both hold the lock`).toBe(false);
        if (r.others) expect(r.othersFileKept, `${where}: C's lock was removed`).toBe(true);
      }
    }
  });

  it('never removes a live lock when two processes take over the same dead holder’s lock', async () => {
    for (let take = 1; take <= calls; take++) {
      const r = await interleave((path, taken) => {
        writeFileSync(path, holder('H', deadPid));
        schedule.at.set(take, otherTakesOver(path, taken));
      });
      const where = `C takes over before call ${take}`;
      expect(r.ours && r.others, `${where}: both hold the lock`).toBe(false);
      if (r.others) expect(r.othersFileKept, `${where}: C's lock was removed`).toBe(true);
      expect(r.ours || r.others, `${where}: nobody took the dead holder's lock`).toBe(true);
    }
  });

  it('leaves no file of its own behind, whatever the interleaving', async () => {
    for (let take = 1; take <= calls; take++) {
      const r = await interleave((path, taken) => {
        writeFileSync(path, holder('H', deadPid));
        schedule.at.set(take, otherTakesOver(path, taken));
      });
      expect(
        r.leftOver.filter((name) => !/^x\w+\.lock$/.test(name)),
        `call ${take}`,
      ).toEqual([]);
      rmSync(dir, { recursive: true, force: true });
      dir = mkdtempSync(join(tmpdir(), 'secscan-lock-race-'));
    }
  });
});
