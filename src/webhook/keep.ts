import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { link, readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fsyncDir, writeSynced } from '../util/durable.js';
import { alive } from '../util/lockfile.js';
import { deliveryFiles, type DeliveryMeta } from './store.js';

/**
 * What keeping a delivery does to the disk, one call a step: the boundary a test replaces to make a step fail
 * (a full disk) or never return (a listener killed there).
 */
export interface StoreDisk {
  /** Writes `data` to the new file `path` and syncs it to the disk. */
  writeSynced(path: string, data: string | Buffer): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  /** Links `to` to `from`'s file; EEXIST when `to` exists (it never replaces). */
  link(from: string, to: string): Promise<void>;
  remove(path: string): Promise<void>;
  /** Makes the directory's renames and links durable. */
  syncDir(dir: string): Promise<void>;
}

export const nodeDisk: StoreDisk = {
  writeSynced: (path, data) => writeSynced(path, data, 'wx'),
  rename,
  link,
  remove: (path) => rm(path, { force: true }),
  syncDir: fsyncDir,
};

/** Temporary files are `.ID.KIND.PID.RANDOM.tmp`: hidden from the receipts, and the process that wrote them named. */
const tempName = /^\..*\.(\d+)\.[0-9a-f]{8}\.tmp$/;

/**
 * The delivery ids received into one directory, and the keeping of new ones. A delivery counts as received
 * once its receipt is on the disk: ID.headers, linked into place (exclusively) only after ID.body and ID.json
 * are written whole and synced. A step that fails (a full disk: the sender is answered 500) removes what it
 * wrote; a listener killed before the receipt leaves none: either way the sender's retry is taken, by this
 * listener or by one started again on the directory. A headers file without its body or record (what an
 * older listener killed between them left) is no receipt either. One listener writes a directory: two on the
 * same one could, for the same id at the same instant, each write the body before one links the receipt.
 */
export class DeliveryStore {
  private readonly received: Set<string>;
  private readonly storing = new Map<string, Promise<unknown>>();

  private constructor(
    readonly dir: string,
    private readonly disk: StoreDisk,
    received: Set<string>,
  ) {
    this.received = received;
  }

  /** The store of `dir`: its receipts read, the temporary files of listeners no longer running removed. */
  static async open(dir: string, disk: StoreDisk = nodeDisk): Promise<DeliveryStore> {
    const names = new Set(await readdir(dir).catch(() => [] as string[]));
    const received = new Set<string>();
    for (const name of names) {
      if (name.endsWith('.headers') && !name.startsWith('.')) {
        const id = name.slice(0, -'.headers'.length);
        if (names.has(`${id}.body`) && names.has(`${id}.json`)) received.add(id);
      }
      const temp = tempName.exec(name);
      if (temp && Number(temp[1]) !== process.pid && !alive(Number(temp[1]))) {
        await disk.remove(join(dir, name)).catch(() => undefined);
      }
    }
    return new DeliveryStore(dir, disk, received);
  }

  /**
   * Keeps a delivery unless its id was received: `replayed` then, and nothing written. Deliveries of one id
   * are kept one at a time, so a retry sent while the first attempt is being stored gets the first's outcome.
   * Throws when a step fails; the id is not received then.
   */
  async keep(id: string, head: string, body: Buffer, meta: DeliveryMeta): Promise<'kept' | 'replayed'> {
    for (let under = this.storing.get(id); under; under = this.storing.get(id)) {
      await under.catch(() => undefined);
    }
    if (this.received.has(id)) return 'replayed';
    const work = this.write(id, head, body, meta);
    this.storing.set(id, work);
    try {
      const outcome = await work;
      this.received.add(id);
      return outcome;
    } finally {
      this.storing.delete(id);
    }
  }

  /** Rewrites a kept delivery's record (the forward's status), whole. */
  async record(meta: DeliveryMeta): Promise<void> {
    const temp = this.temp(meta.delivery_id, 'json');
    try {
      await this.disk.writeSynced(temp, `${JSON.stringify(meta, null, 2)}\n`);
      await this.disk.rename(temp, deliveryFiles(this.dir, meta.delivery_id).meta);
    } finally {
      await this.disk.remove(temp).catch(() => undefined);
    }
  }

  private temp(id: string, kind: string): string {
    return join(this.dir, `.${id}.${kind}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  }

  private async write(id: string, head: string, body: Buffer, meta: DeliveryMeta) {
    const paths = deliveryFiles(this.dir, id);
    const temps: string[] = [];
    const synced = async (kind: string, data: string | Buffer) => {
      const temp = this.temp(id, kind);
      temps.push(temp);
      await this.disk.writeSynced(temp, data);
      return temp;
    };
    let linked = false;
    try {
      if (existsSync(paths.head)) {
        // Received by a listener on this directory since this one started; or a half-stored leftover.
        if (existsSync(paths.body) && existsSync(paths.meta)) return 'replayed';
        await this.disk.remove(paths.head);
      }
      await this.disk.rename(await synced('body', body), paths.body);
      await this.disk.rename(await synced('json', `${JSON.stringify(meta, null, 2)}\n`), paths.meta);
      await this.disk.syncDir(this.dir);
      const receipt = await synced('headers', head);
      try {
        await this.disk.link(receipt, paths.head);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') return 'replayed';
        throw error;
      }
      linked = true;
      await this.disk.syncDir(this.dir);
      return 'kept';
    } catch (error) {
      // A receipt that may not survive a power loss is no receipt: the sender, answered 500, sends it again.
      if (linked) await this.disk.remove(paths.head).catch(() => undefined);
      throw error;
    } finally {
      for (const temp of temps) await this.disk.remove(temp).catch(() => undefined);
    }
  }
}
