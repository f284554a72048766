import { copyFileSync, constants, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { chmod, open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { ConfigError } from '../errors.js';
import { fsyncDir } from '../util/durable.js';
import { type Client, editJson, editToml, jsonEntry, type Launch, serverName, serversKey } from './hosts.js';

export interface Edit {
  path: string;
  /** The file as it is ('' when it does not exist) and as it would be. */
  before: string;
  after: string;
}

/** The host's file with the entry written (`launch`) or taken out (undefined), not yet saved. */
export async function planEdit(client: Client, path: string, launch: Launch | undefined): Promise<Edit> {
  const before = existsSync(path) ? readFileSync(path, 'utf8') : '';
  const after =
    client === 'codex'
      ? editToml(before, path, launch)
      : await editJson(before, path, client, launch && jsonEntry(client, launch));
  return { path, before, after };
}

/** The entry as the host's file holds it, for --print. */
export function entryText(client: Client, launch: Launch): string {
  if (client === 'codex') return editToml('', '', launch);
  return `${JSON.stringify({ [serversKey(client)]: { [serverName]: jsonEntry(client, launch) } }, null, 2)}\n`;
}

/** `config.json.20261203-141500.bak`: beside the file, never over an older backup. */
function backupPath(path: string, now: Date): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  for (let i = 0; ; i++) {
    const candidate = `${path}.${stamp}${i ? `-${i}` : ''}.bak`;
    if (!existsSync(candidate)) return candidate;
  }
}

/**
 * Saves an edit: the old file copied to a backup first, then the new text through a temporary file (with the
 * old file's mode, else 0644), fsynced and renamed into place; nothing else of the file changes.
 */
export async function saveEdit(edit: Edit, now = new Date()): Promise<string | undefined> {
  const { path, before, after } = edit;
  const exists = existsSync(path);
  const mode = exists ? statSync(path).mode & 0o777 : 0o644;
  let backup: string | undefined;
  try {
    mkdirSync(dirname(path), { recursive: true });
    if (exists) {
      backup = backupPath(path, now);
      copyFileSync(path, backup, constants.COPYFILE_EXCL);
    }
    const temp = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
    try {
      const handle = await open(temp, 'wx', mode);
      try {
        await handle.writeFile(after);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await chmod(temp, mode);
      await rename(temp, path);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    await fsyncDir(dirname(path));
  } catch (error) {
    throw new ConfigError(
      `cannot write ${path}: ${(error as NodeJS.ErrnoException).code ?? error}; it is as it was`,
    );
  }
  return before === '' && !exists ? undefined : backup;
}
