import { randomBytes } from 'node:crypto';
import { mkdir, readdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { stateDir } from '../config/paths.js';
import { ConfigError, InputTooLargeError, UsageError } from '../errors.js';
import { NotRegularFileError, readFileLimited } from '../util/input-file.js';
import { writeFileAtomic } from '../util/durable.js';
import type { Journal } from './journal-schema.js';

/**
 * The journal of a bulk change: what each finding was before (status and assignee), for `findings undo`.
 * One JSON file a change under the state directory's `journals/`, written (through a temporary file,
 * renamed) before the first change is sent, and again as batches complete.
 */
const format = 'secscan-journal/1' as const;

export type { Journal, JournalChange, JournalEntry } from './journal-schema.js';

export function journalDir(env: NodeJS.ProcessEnv): string {
  return join(stateDir(env), 'journals');
}

/** `20261126-021500-ab12`: sorts by time (UTC), unique enough to name one run. */
function newId(now: Date): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `${stamp}-${randomBytes(2).toString('hex')}`;
}

export function newJournal(
  init: Pick<Journal, 'service' | 'org' | 'profile' | 'change' | 'findings'>,
  now = new Date(),
): Journal {
  return { format, id: newId(now), created: now.toISOString(), state: 'pending', ...init };
}

/**
 * A journal on disk. `save()` writes it whole, one write at a time: asked again while writing, it writes
 * once more afterwards with whatever changed meanwhile.
 */
export class JournalFile {
  private writing: Promise<void> | undefined;
  private again = false;

  constructor(
    readonly path: string,
    readonly journal: Journal,
  ) {}

  /** Writes a new journal in `dir`; nothing is changed if it cannot be written (exit 3). */
  static async create(dir: string, journal: Journal): Promise<JournalFile> {
    const file = new JournalFile(join(dir, `${journal.id}.json`), journal);
    try {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      await file.write();
    } catch (error) {
      throw new ConfigError(
        `cannot write the journal of this change in ${dir}: ${(error as NodeJS.ErrnoException).code ?? error}; nothing was changed`,
        { hint: 'set SECSCAN_STATE_DIR to a directory secscan can write' },
      );
    }
    return file;
  }

  save(): Promise<void> {
    if (this.writing) {
      this.again = true;
      return this.writing;
    }
    this.writing = (async () => {
      try {
        do {
          this.again = false;
          await this.write();
        } while (this.again);
      } finally {
        this.writing = undefined;
      }
    })();
    return this.writing;
  }

  private write(): Promise<void> {
    return writeFileAtomic(this.path, `${JSON.stringify(this.journal, null, 1)}\n`);
  }
}

/** Reads a journal; a file that is not one is a configuration error (exit 3) naming it. */
export async function readJournal(path: string): Promise<JournalFile> {
  let text: string;
  try {
    // A journal holds a line a finding: 64 MiB is some 600,000 of them.
    text = readFileLimited(path, path, 64 * 1024 * 1024).toString('utf8');
  } catch (error) {
    if (error instanceof NotRegularFileError || error instanceof InputTooLargeError) {
      throw new ConfigError(`cannot read the journal ${path}: ${error.message}`);
    }
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT')
      throw new UsageError(`no journal ${path}`, { hint: 'see `secscan findings undo --list`' });
    throw new ConfigError(`cannot read the journal ${path}: ${code ?? error}`);
  }
  if (text.trim() === '') throw new ConfigError(`${path} is not a journal of secscan: it is empty`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ConfigError(`${path} is not a journal of secscan: not JSON (cut short, or garbage)`);
  }
  const written = (parsed as { format?: unknown } | null)?.format;
  if (typeof written === 'string' && written.startsWith('secscan-journal/') && written !== format) {
    throw new ConfigError(
      `${path} is a journal of another version of secscan (format ${JSON.stringify(written).slice(0, 60)}), which this one cannot read`,
      { hint: 'undo it with the secscan that wrote it' },
    );
  }
  // zod loads only to read a journal back: a change that writes one does not wait for it.
  const { Journal } = await import('./journal-schema.js');
  const journal = Journal.safeParse(parsed);
  if (!journal.success) {
    const issue = journal.error.issues[0];
    throw new ConfigError(
      `${path} is not a journal of secscan: ${issue?.path.join('.') || 'the file'}: ${issue?.message}`,
    );
  }
  return new JournalFile(path, journal.data);
}

/** A file of the journals' directory that could not be read as one: its name and why. */
export interface SkippedJournal {
  name: string;
  error: ConfigError | UsageError;
}

/** `20261126-021500-ab12.json`: the name a journal is written under (its id, which sorts by time). */
const journalFileName = /^(\d{8}-\d{6})-[0-9a-f]{4}\.json$/;

/**
 * A file named as a journal is written that cannot be read, and is not older than `latest` (the latest
 * journal read, if any): an undo cannot tell which change is the latest, so it must not pick one.
 */
export function unreadableLatest(
  skipped: readonly SkippedJournal[],
  latest: JournalFile | undefined,
): SkippedJournal | undefined {
  const stamp = latest ? latest.journal.id.slice(0, 15) : '';
  return skipped.find((s) => {
    const match = journalFileName.exec(s.name);
    return match !== null && match[1]! >= stamp;
  });
}

/** Every journal in `dir`, newest first; files that are not journals are named in `skipped`. */
export async function listJournals(
  dir: string,
): Promise<{ journals: JournalFile[]; skipped: SkippedJournal[] }> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { journals: [], skipped: [] };
    throw new ConfigError(`cannot read ${dir}: ${(error as NodeJS.ErrnoException).code ?? error}`);
  }
  const journals: JournalFile[] = [];
  const skipped: SkippedJournal[] = [];
  for (const name of names
    .filter((n) => n.endsWith('.json') && !n.startsWith('.'))
    .sort()
    .reverse()) {
    try {
      journals.push(await readJournal(join(dir, name)));
    } catch (error) {
      if (!(error instanceof ConfigError || error instanceof UsageError)) throw error;
      skipped.push({ name, error });
    }
  }
  // Newest first by the time written inside (names of one second sort by their random part).
  journals.sort((a, b) => b.journal.created.localeCompare(a.journal.created));
  return { journals, skipped };
}

/** A journal by its id (in `dir`) or its path. */
export function journalPath(dir: string, ref: string): string {
  if (/^[\w-]+$/.test(ref)) return join(dir, `${ref}.json`);
  return ref;
}

export const journalName = (path: string) => basename(path, '.json');
