import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nodeDisk, type StoreDisk } from '../../../src/webhook/keep.js';
import { deliver, receive, tempDir } from './harness.js';

/**
 * Issue 41 §4: an id counts as received only once its body is durably stored. A step of keeping a delivery
 * that fails (a full disk) answers 500 and leaves no receipt, so the sender's retry (same id, signed again)
 * is taken by the same listener and by a new one; a listener killed at a step (its step never returns, and
 * nothing after it runs) leaves no receipt either, until the receipt itself is linked.
 */

type Op = Exclude<keyof StoreDisk, 'remove'>;
interface Step {
  op: Op;
  /** A part of the path the call names (`.body.`: the body's temporary file). */
  path?: string;
  /** The nth call of the op since the fault was armed. */
  nth?: number;
}

const steps: [string, Step][] = [
  ['writing the body', { op: 'writeSynced', path: '.body.' }],
  ['renaming the body into place', { op: 'rename', path: '.body.' }],
  ['writing the record', { op: 'writeSynced', path: '.json.' }],
  ['renaming the record into place', { op: 'rename', path: '.json.' }],
  ['syncing the directory', { op: 'syncDir', nth: 1 }],
  ['writing the receipt', { op: 'writeSynced', path: '.headers.' }],
  ['linking the receipt', { op: 'link' }],
  ['syncing the receipt', { op: 'syncDir', nth: 2 }],
];

const enospc = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });

/** The node disk, with a step that fails (`full`) or never returns (`stall`) while armed. */
function testDisk() {
  const calls = new Map<Op, number>();
  const control = {
    full: undefined as Step | undefined,
    stall: undefined as Step | undefined,
    /** Resolves once the stalled step is reached. */
    reached: Promise.resolve(),
    /** Fails the stalled step (after the test, so the abandoned listener ends). */
    release: (_error: Error) => {},
    arm(kind: 'full' | 'stall', step: Step | undefined) {
      calls.clear();
      control[kind] = step;
      if (kind === 'stall' && step) control.reached = new Promise((resolve) => (onReached = resolve));
    },
  };
  let onReached = () => {};
  const hit = (step: Step | undefined, op: Op, path: string) =>
    step !== undefined &&
    step.op === op &&
    (step.path === undefined || path.includes(step.path)) &&
    (step.nth === undefined || calls.get(op) === step.nth);
  const wrap =
    <A extends unknown[]>(op: Op, real: (...args: A) => Promise<void>) =>
    async (...args: A) => {
      calls.set(op, (calls.get(op) ?? 0) + 1);
      const path = String(args[0]);
      if (hit(control.full, op, path)) throw enospc();
      if (hit(control.stall, op, path)) {
        onReached();
        await new Promise<void>((_resolve, reject) => (control.release = reject));
      }
      return real(...args);
    };
  const disk: StoreDisk = {
    writeSynced: wrap('writeSynced', nodeDisk.writeSynced),
    rename: wrap('rename', nodeDisk.rename),
    link: wrap('link', nodeDisk.link),
    syncDir: wrap('syncDir', nodeDisk.syncDir),
    remove: nodeDisk.remove,
  };
  return { disk, control };
}

const receipt = (dir: string, id: string) => join(dir, `${id}.headers`);
const temporaries = (dir: string) => readdirSync(dir).filter((name) => name.startsWith('.'));

describe('a step of keeping a delivery that fails (a full disk)', () => {
  it.each(steps)(
    'at %s: 500, no receipt; the retry is taken by the same listener and by a new one',
    async (_, step) => {
      const [dir, cleanup] = tempDir('secscan-keep-');
      const { disk, control } = testDisk();
      const one = await receive(dir, { disk });
      try {
        control.arm('full', step);
        const first = await deliver(one.receiver.url);
        expect([first.status, first.text]).toEqual([500, 'the delivery could not be kept\n']);
        expect(await one.event((e) => e.deliveryId === first.id)).toMatchObject({
          verdict: 'error',
          reason: 'ENOSPC: no space left on device, write',
        });
        control.arm('full', step);
        const second = await deliver(one.receiver.url);
        expect(second.status).toBe(500);
        for (const id of [first.id, second.id]) expect(existsSync(receipt(dir, id))).toBe(false);
        expect(temporaries(dir)).toEqual([]);

        // Room again: the sender's retry of the first, signed again, is taken by the same listener...
        control.arm('full', undefined);
        expect((await deliver(one.receiver.url, first.id)).status).toBe(200);
        await one.receiver.close();
        // ...and the second's by a listener started again on the directory, which refuses the first's.
        const two = await receive(dir);
        try {
          expect((await deliver(two.receiver.url, second.id)).status).toBe(200);
          const again = await deliver(two.receiver.url, first.id);
          expect([again.status, again.text]).toEqual([400, `delivery ${first.id} was received already\n`]);
        } finally {
          await two.receiver.close();
        }
        for (const id of [first.id, second.id]) {
          expect(readFileSync(join(dir, `${id}.body`), 'utf8')).toBe(`{"delivery_id":"${id}"}`);
          expect(JSON.parse(readFileSync(join(dir, `${id}.json`), 'utf8'))).toMatchObject({
            delivery_id: id,
          });
          expect(readFileSync(receipt(dir, id), 'utf8')).toMatch(/^POST \/ HTTP\/1\.1\r\n/);
        }
        expect(temporaries(dir)).toEqual([]);
      } finally {
        await one.receiver.close();
        cleanup();
      }
    },
  );

  it('a retry sent while the first attempt is being kept waits for it, and is taken when it failed', async () => {
    const [dir, cleanup] = tempDir('secscan-keep-');
    const { disk, control } = testDisk();
    const one = await receive(dir, { disk });
    try {
      control.arm('stall', { op: 'writeSynced', path: '.body.' });
      const first = deliver(one.receiver.url, 'retried-while-kept');
      await control.reached;
      control.arm('stall', undefined);
      const retry = deliver(one.receiver.url, 'retried-while-kept');
      control.release(enospc());
      expect((await first).status).toBe(500);
      expect((await retry).status).toBe(200);
      expect(existsSync(receipt(dir, 'retried-while-kept'))).toBe(true);
    } finally {
      await one.receiver.close();
      cleanup();
    }
  });
});

/**
 * A listener whose keeping of a delivery reaches `step` and stops there for good, as if killed -9 (nothing
 * after the step runs), then `check` with the directory as it left it and the delivery's id.
 */
async function killedAt(step: Step, check: (dir: string, id: string) => Promise<void>): Promise<void> {
  const [dir, cleanup] = tempDir('secscan-keep-');
  const { disk, control } = testDisk();
  const killed = await receive(dir, { disk });
  const abandoned = new AbortController();
  try {
    control.arm('stall', step);
    const id = randomUUID();
    void deliver(killed.receiver.url, id, undefined, abandoned.signal).catch(() => undefined);
    await control.reached;
    await check(dir, id);
  } finally {
    abandoned.abort();
    control.release(new Error('the listener was killed'));
    await killed.receiver.close();
    cleanup();
  }
}

/** A listener started again on `dir`: the status of each of `tries` deliveries of `id`. */
async function restarted(dir: string, id: string, tries: number): Promise<number[]> {
  const next = await receive(dir);
  try {
    const statuses: number[] = [];
    for (let i = 0; i < tries; i++) statuses.push((await deliver(next.receiver.url, id)).status);
    return statuses;
  } finally {
    await next.receiver.close();
  }
}

describe('a listener killed while it keeps a delivery', () => {
  it.each(steps.slice(0, 7))('at %s: no receipt, so a listener started again takes the retry', (_, step) =>
    killedAt(step, async (dir, id) => {
      expect(existsSync(receipt(dir, id))).toBe(false);
      expect(await restarted(dir, id, 2)).toEqual([200, 400]);
      expect(readFileSync(join(dir, `${id}.body`), 'utf8')).toBe(`{"delivery_id":"${id}"}`);
    }),
  );

  it('once the receipt is linked, the delivery is kept whole: a listener started again refuses the retry', () =>
    killedAt(steps[7]![1], async (dir, id) => {
      expect(await restarted(dir, id, 1)).toEqual([400]);
      expect(readFileSync(join(dir, `${id}.body`), 'utf8')).toBe(`{"delivery_id":"${id}"}`);
    }));

  it('a headers file without its body or record, as an older listener killed between them left, is no receipt', async () => {
    const [dir, cleanup] = tempDir('secscan-keep-');
    try {
      writeFileSync(receipt(dir, 'head-only'), 'POST / HTTP/1.1\r\n\r\n');
      writeFileSync(receipt(dir, 'no-record'), 'POST / HTTP/1.1\r\n\r\n');
      writeFileSync(join(dir, 'no-record.body'), '{}');
      // A temporary file of a listener no longer running is removed when the next one starts.
      const { pid } = spawnSync(process.execPath, ['-e', '']);
      const stale = `.head-only.body.${pid}.0123abcd.tmp`;
      writeFileSync(join(dir, stale), 'half a body');
      const next = await receive(dir);
      try {
        expect(existsSync(join(dir, stale))).toBe(false);
        for (const id of ['head-only', 'no-record']) {
          expect((await deliver(next.receiver.url, id)).status).toBe(200);
          expect(readFileSync(join(dir, `${id}.body`), 'utf8')).toBe(`{"delivery_id":"${id}"}`);
          expect(existsSync(join(dir, `${id}.json`))).toBe(true);
        }
      } finally {
        await next.receiver.close();
      }
    } finally {
      cleanup();
    }
  });
});

/** A real small file system filled up: needs root to mount it. */
describe('on a tmpfs that fills up (root)', () => {
  it('answers 500 while it is full, then takes the retry once there is room', async (ctx) => {
    if (process.getuid?.() !== 0) ctx.skip('needs root to mount a small tmpfs');
    const [base, cleanup] = tempDir('secscan-keep-tmpfs-');
    const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', base]);
    if (mounted.status !== 0) {
      cleanup();
      ctx.skip(`mount -t tmpfs failed here: ${String(mounted.stderr).trim()}`);
    }
    const dir = join(base, 'deliveries');
    mkdirSync(dir);
    const listener = await receive(dir);
    try {
      const filler = join(base, 'filler');
      // Fill it but for 64 KiB: room for a head and a record, not for the body.
      const { bavail, bsize } = statfsSync(base);
      writeFileSync(filler, Buffer.alloc(bavail * bsize - 64 * 1024, 1));
      const body = JSON.stringify({ padding: 'x'.repeat(256 * 1024) });
      const first = await deliver(listener.receiver.url, undefined, body);
      expect(first.status).toBe(500);
      expect((await listener.event((e) => e.deliveryId === first.id)).reason).toMatch(/ENOSPC/);
      expect(existsSync(receipt(dir, first.id))).toBe(false);
      expect(temporaries(dir)).toEqual([]);
      rmSync(filler);
      expect((await deliver(listener.receiver.url, first.id, body)).status).toBe(200);
      expect(readFileSync(join(dir, `${first.id}.body`), 'utf8')).toBe(body);
    } finally {
      await listener.receiver.close();
      spawnSync('umount', [base]);
      cleanup();
    }
  });
});
