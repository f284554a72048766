import { closeSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { SandboxError } from './errors.js';
import { referenceDay } from './seed/clock.js';
import { seedState } from './seed/index.js';
import { type SandboxState, stateVersion } from './state.js';

const isArray = Array.isArray;
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !isArray(v);

/** A shape check per section; an area that adds a section adds its line here (the type insists). */
const sectionChecks: Record<keyof SandboxState, (v: unknown) => boolean> = {
  version: (v) => v === stateVersion,
  seed: (v) => Number.isInteger(v),
  secret: (v) => typeof v === 'string' && v.length >= 16,
  org: (v) => isObject(v) && typeof v.id === 'string' && typeof v.name === 'string',
  users: isArray,
  tokens: (v) => isObject(v) && isArray(v.roles) && isArray(v.items) && isObject(v.demo),
  rbac: (v) => isObject(v) && isArray(v.roles) && isArray(v.teams),
  apps: isArray,
  analysis: (v) =>
    isObject(v) && isArray(v.scans) && isArray(v.findings) && isArray(v.compounds) && isObject(v.next),
  configuration: (v) => isObject(v) && isObject(v.org) && isObject(v.teams) && isObject(v.apps),
  appGroups: isArray,
  analyzeFailures: isArray,
  checkPolicies: isArray,
  webhooks: isArray,
  integrations: (v) =>
    isObject(v) &&
    isArray(v.pending) &&
    isObject(v.associations) &&
    isArray(v.workItems) &&
    Number.isInteger(v.nextWorkItem) &&
    isObject(v.cloud) &&
    isObject(v.cloud.compounds),
  orgConfig: isObject,
  savedSearches: isArray,
  groups: isArray,
  invitations: isArray,
  saml: (v) => isObject(v) && isArray(v.configs) && isArray(v.domains),
  backups: isArray,
  audit: isArray,
  scmSecrets: isArray,
  seededDay: (v) => v === undefined || (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)),
};

/** A directory's entry (a rename into it) made durable; where a directory cannot be fsynced, nothing. */
function syncDirectory(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // Some file systems refuse to fsync a directory: the rename is then as durable as they make it.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Writes through a temporary file, fsynced, and a rename, mode 0600: a crash (or a power cut) never
 * leaves half a file, only the previous one or the new one.
 */
export function writeFileAtomic(path: string, data: string): void {
  const temp = `${path}.${process.pid}.${Date.now()}.tmp`;
  try {
    const fd = openSync(temp, 'w', 0o600);
    try {
      writeFileSync(fd, data);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
  syncDirectory(dirname(path));
}

/** `writeFileAtomic` without blocking the server while the bytes go to the disk. */
async function writeFileAtomicAsync(path: string, data: string): Promise<void> {
  const temp = `${path}.${process.pid}.${Date.now()}.tmp`;
  try {
    const file = await open(temp, 'w', 0o600);
    try {
      await file.writeFile(data);
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  syncDirectory(dirname(path));
}

const stateText = (state: SandboxState) => `${JSON.stringify(state, null, 2)}\n`;

export function saveState(path: string, state: SandboxState): void {
  writeFileAtomic(path, stateText(state));
}

/** How long after a change the state file is written (the changes of that window are written together). */
export const stateWriteDelayMs = 200;

/**
 * The `--state` file, written `delayMs` after the first change not yet in it, in the background: every
 * change of that window (and of a write under way) goes into one write, so 500 scans cost a few writes of
 * the file, not 500. Each write is whole (temporary file, fsync, rename): a SIGKILL loses at most the
 * changes of the last `delayMs` and of the write under way, never the file. `flush()` writes what is
 * pending at once (the sandbox's stop, on SIGINT and SIGTERM). A write that failed is thrown by the next
 * change and by `flush()`, and tried again.
 */
export class StateFile {
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> | undefined;
  private dirty = false;
  private failure: unknown;
  /** Writes made so far. */
  writes = 0;

  constructor(
    readonly path: string,
    private readonly state: SandboxState,
    private readonly delayMs = stateWriteDelayMs,
  ) {}

  /** The state changed: it is written within `delayMs` (or right after the write under way). */
  changed(): void {
    this.dirty = true;
    this.schedule();
    if (this.failure !== undefined) {
      const failure = this.failure;
      this.failure = undefined;
      throw failure;
    }
  }

  /** Writes what is not in the file yet and waits for it; throws if that write failed. */
  async flush(): Promise<void> {
    // An earlier write that failed is tried again here: only the outcome of the last attempt counts.
    this.failure = undefined;
    for (;;) {
      clearTimeout(this.timer);
      this.timer = undefined;
      if (this.writing) await this.writing;
      else if (this.dirty && this.failure === undefined) await this.write();
      else break;
    }
    if (this.failure !== undefined) {
      const failure = this.failure;
      this.failure = undefined;
      throw failure;
    }
  }

  private schedule(): void {
    if (this.timer !== undefined || this.writing !== undefined) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.write();
    }, this.delayMs);
  }

  private write(): Promise<void> {
    this.dirty = false;
    // The text is taken now, whole: changes made while it goes to the disk wait for the next write.
    const text = stateText(this.state);
    this.writes++;
    this.writing = writeFileAtomicAsync(this.path, text)
      .then(
        () => undefined,
        (error: unknown) => {
          this.failure = error;
          this.dirty = true;
        },
      )
      .finally(() => {
        this.writing = undefined;
        if (this.dirty && this.failure === undefined) this.schedule();
      });
    return this.writing;
  }
}

/**
 * Reads a state file, or undefined when there is none. A section the file lacks (written before an area
 * existed) comes from the seed the file names.
 */
export function loadState(path: string): SandboxState | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new SandboxError('config', `--state: cannot read ${path}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new SandboxError('config', `--state: ${path} is not valid JSON (${(error as Error).message})`);
  }
  if (!isObject(data) || !sectionChecks.version(data.version) || !sectionChecks.seed(data.seed)) {
    throw new SandboxError(
      'config',
      `--state: ${path} is not a sandbox state file (version ${stateVersion})`,
    );
  }
  // A section the file lacks is seeded as a state without `seededDay` has its dates: for 2026-09-20.
  const merged: Record<string, unknown> = {
    ...seedState(data.seed as number, { now: referenceDay }),
    ...data,
  };
  if (data.seededDay === undefined) delete merged.seededDay;
  for (const [key, check] of Object.entries(sectionChecks)) {
    if (!check(merged[key]))
      throw new SandboxError('config', `--state: ${path} has an invalid ${key} section`);
  }
  return merged as unknown as SandboxState;
}
