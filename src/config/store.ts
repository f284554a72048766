import { chmodSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../errors.js';

export interface Profile {
  base_url?: string;
  org_id?: string;
  token?: string;
}

export const profileKeys = ['base_url', 'org_id', 'token'] as const;
export type ProfileKey = (typeof profileKeys)[number];

interface ConfigData {
  current_profile?: string;
  profiles: Record<string, Profile>;
}

interface ConfLike {
  store: ConfigData;
  path: string;
}

export const profileNamePattern = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

/**
 * Profiles in `<config dir>/config.json`: directory 0700, file 0600, written atomically (by conf) so a
 * crash never leaves it half-written.
 */
export class ProfileStore {
  private constructor(
    private readonly conf: ConfLike,
    readonly dir: string,
  ) {}

  static async open(dir: string): Promise<ProfileStore> {
    const { default: Conf } = await import('conf');
    try {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      chmodSync(dir, 0o700);
      const conf = new Conf<ConfigData>({
        cwd: dir,
        configName: 'config',
        configFileMode: 0o600,
        defaults: { profiles: {} },
        clearInvalidConfig: false,
        watch: false,
      });
      return new ProfileStore(conf as unknown as ConfLike, dir);
    } catch (error) {
      throw new ConfigError(
        `cannot read the configuration in ${join(dir, 'config.json')}: ${(error as Error).message}`,
        {
          hint: 'fix or remove the file, or point SECSCAN_CONFIG_DIR elsewhere',
          cause: error,
        },
      );
    }
  }

  get path(): string {
    return this.conf.path;
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
  update(name: string, changes: Partial<Record<ProfileKey, string | undefined>>): Profile {
    const data = this.read();
    const profile: Profile = { ...data.profiles[name] };
    for (const [key, value] of Object.entries(changes) as [ProfileKey, string | undefined][]) {
      if (value === undefined) delete profile[key];
      else profile[key] = value;
    }
    this.write({ ...data, profiles: { ...data.profiles, [name]: profile } });
    return profile;
  }

  use(name: string): void {
    this.write({ ...this.read(), current_profile: name });
  }

  remove(name: string): void {
    const data = this.read();
    const { [name]: _removed, ...rest } = data.profiles;
    const next: ConfigData = { ...data, profiles: rest };
    if (next.current_profile === name) delete next.current_profile;
    this.write(next);
  }

  private read(): ConfigData {
    const data = this.conf.store;
    if (!data || typeof data !== 'object' || typeof data.profiles !== 'object' || data.profiles === null) {
      throw new ConfigError(`the configuration in ${this.path} is not valid`, {
        hint: 'fix or remove the file',
      });
    }
    return data;
  }

  private write(data: ConfigData): void {
    try {
      this.conf.store = data;
    } catch (error) {
      throw new ConfigError(`cannot write ${this.path}: ${(error as Error).message}`, { cause: error });
    }
  }
}
