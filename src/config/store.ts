import { chmodSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { ConfigError } from '../errors.js';

export interface Profile {
  base_url?: string;
  org_id?: string;
  token?: string;
  /** A PEM file of CAs to trust besides the system's (e.g. the CA of `secscan sandbox --tls`). */
  ca_file?: string;
}

export const profileKeys = ['base_url', 'org_id', 'token', 'ca_file'] as const;
export type ProfileKey = (typeof profileKeys)[number];

interface ConfigData {
  current_profile?: string;
  profiles: Record<string, Profile>;
}

interface ConfLike {
  store: ConfigData;
  path: string;
}

/**
 * The file read as conf reads it (every access reads it again; a missing file is no data), without loading
 * conf: a run that only reads a profile loads neither conf (with ajv) nor the lock.
 */
class ConfigFile {
  readonly path: string;

  constructor(dir: string) {
    this.path = resolve(dir, 'config.json');
  }

  get store(): ConfigData {
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      mkdirSync(dirname(this.path), { recursive: true });
      return Object.create(null) as ConfigData;
    }
    return Object.assign(Object.create(null) as ConfigData, JSON.parse(text) as unknown);
  }
}

/**
 * The profiles file read as plain JSON, for a TAB's completion values: no lock, no library, nothing created
 * or refused (a file that cannot be read gives no profiles, and the TAB completes nothing live).
 */
export function peekProfiles(dir: string): Partial<ConfigData> {
  try {
    const data = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')) as Partial<ConfigData>;
    return data && typeof data === 'object' ? data : {};
  } catch {
    return {};
  }
}

export const profileNamePattern = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

/**
 * No `defaults`: given them, conf writes the file when it lacks them (a new file), outside the lock, and
 * that write can replace a profile another process has just saved. A missing `profiles` reads as none.
 */
async function openConf(dir: string): Promise<ConfLike> {
  const { default: Conf } = await import('conf');
  return new Conf<ConfigData>({
    cwd: dir,
    configName: 'config',
    configFileMode: 0o600,
    clearInvalidConfig: false,
    watch: false,
  }) as unknown as ConfLike;
}

function unreadable(dir: string, error: unknown): ConfigError {
  return new ConfigError(
    `cannot read the configuration in ${join(dir, 'config.json')}: ${(error as Error).message}`,
    { hint: 'fix or remove the file, or point SECSCAN_CONFIG_DIR elsewhere', cause: error },
  );
}

/**
 * Profiles in `<config dir>/config.json`: directory 0700, file 0600, written atomically (by conf) so a crash
 * never leaves it half-written. Every change re-reads the file under a lock (`config.json.lock`), so
 * concurrent writers never lose each other's changes.
 */
export class ProfileStore {
  private constructor(
    private file: ConfigFile,
    readonly dir: string,
  ) {}

  static async open(dir: string): Promise<ProfileStore> {
    try {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      chmodSync(dir, 0o700);
      const file = new ConfigFile(dir);
      void file.store; // an unreadable file is refused when the store is opened, as conf refused it
      return new ProfileStore(file, dir);
    } catch (error) {
      throw unreadable(dir, error);
    }
  }

  get path(): string {
    return this.file.path;
  }

  /** The file can be read by others (group or world bits set): its tokens are exposed, as ssh warns. */
  get exposed(): boolean {
    try {
      return (statSync(this.path).mode & 0o077) !== 0;
    } catch {
      return false;
    }
  }

  get currentName(): string | undefined {
    return this.read().current_profile;
  }

  get(name: string): Profile | undefined {
    return this.read().profiles[name];
  }

  list(): [string, Profile][] {
    return Object.entries(this.read().profiles).sort(([a], [b]) => a.localeCompare(b));
  }

  /** Merges `changes` into the profile (an `undefined` value removes the key). */
  update(name: string, changes: Partial<Record<ProfileKey, string | undefined>>): Promise<Profile> {
    let profile: Profile = {};
    return this.change((data) => {
      profile = { ...data.profiles[name] };
      for (const [key, value] of Object.entries(changes) as [ProfileKey, string | undefined][]) {
        if (value === undefined) delete profile[key];
        else profile[key] = value;
      }
      return { ...data, profiles: { ...data.profiles, [name]: profile } };
    }).then(() => profile);
  }

  /**
   * Sets the profile to `next`, whole, if it still is `expected` (another process may have changed it since):
   * under the lock, so no change made in between is lost. Whether it was set.
   */
  async replaceIf(
    name: string,
    expected: (profile: Profile | undefined) => boolean,
    next: Profile,
  ): Promise<boolean> {
    let replaced = false;
    await this.change((data) => {
      replaced = expected(data.profiles[name]);
      return replaced ? { ...data, profiles: { ...data.profiles, [name]: { ...next } } } : data;
    });
    return replaced;
  }

  use(name: string): Promise<void> {
    return this.change((data) => ({ ...data, current_profile: name }));
  }

  remove(name: string): Promise<void> {
    return this.change((data) => {
      const { [name]: _removed, ...rest } = data.profiles;
      const next: ConfigData = { ...data, profiles: rest };
      if (next.current_profile === name) delete next.current_profile;
      return next;
    });
  }

  private read(data: ConfigData = this.file.store): ConfigData {
    if (data && typeof data === 'object' && data.profiles === undefined) return { ...data, profiles: {} };
    if (!data || typeof data !== 'object' || typeof data.profiles !== 'object' || data.profiles === null) {
      throw new ConfigError(`the configuration in ${this.path} is not valid`, {
        hint: 'fix or remove the file',
      });
    }
    return data;
  }

  /** Read-modify-write under the lock, from the file as it is now (another process may have changed it). */
  private async change(apply: (data: ConfigData) => ConfigData): Promise<void> {
    const { acquireLock, LockBusyError } = await import('../util/lockfile.js');
    // Loaded before the lock is taken: the lock is held only to read, change and write the file.
    await import('conf');
    let release: () => void;
    try {
      release = await acquireLock(join(this.dir, 'config.json.lock'), { waitMs: 10_000, staleMs: 60_000 });
    } catch (error) {
      if (error instanceof LockBusyError) {
        throw new ConfigError(`cannot write ${this.path}: another secscan is still changing it`, {
          hint: `if none is running, remove ${error.path}`,
        });
      }
      throw new ConfigError(`cannot write ${this.path}: ${(error as Error).message}`, { cause: error });
    }
    try {
      let fresh: ConfLike;
      try {
        fresh = await openConf(this.dir);
      } catch (error) {
        throw unreadable(this.dir, error);
      }
      try {
        fresh.store = apply(this.read(fresh.store));
      } catch (error) {
        if (error instanceof ConfigError) throw error;
        throw new ConfigError(`cannot write ${this.path}: ${(error as Error).message}`, { cause: error });
      }
    } finally {
      release();
    }
  }
}
