import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import * as z from 'zod';
import { stateDir } from '../../../config/paths.js';
import { ConfigError, UsageError } from '../../../errors.js';
import { writeFileAtomic } from '../../../util/durable.js';

/**
 * The journal of a bulk change: what each finding was before (status and assignee), for `findings undo`.
 * One JSON file a change under the state directory's `journals/`, written (through a temporary file,
 * renamed) before the first change is sent, and again as batches complete.
 */
const format = 'secscan-journal/1';

/** What became of a finding's change: `pending` until its batch is answered (a run that died may have sent it). */
export const changeResults = ['pending', 'done', 'failed', 'unknown', 'not sent'] as const;
/** What an undo did to it: put back, or left alone (and why). */
export const undoResults = ['done', 'failed', 'unknown', 'changed since', 'cannot restore', 'gone'] as const;

const Entry = z.object({
  app: z.string(),
  id: z.string(),
  status: z.string(),
  assignee: z.string(),
  result: z.enum(changeResults),
  restored: z.enum(undoResults).optional(),
});
export type JournalEntry = z.infer<typeof Entry>;

const Journal = z.object({
  format: z.literal(format),
  id: z.string(),
  created: z.string(),
  /** The service's origin and organization the change was made in, and the profile (when one was used). */
  service: z.string(),
  org: z.string(),
  profile: z.string().optional(),
  change: z.object({
    field: z.enum(['status', 'assignee']),
    /** As given: --set's value, or the assignee (empty: unassigned). */
    value: z.string(),
    /** What the field reads after the change. */
    after: z.string(),
    /** The app, or `compound NAME`. */
    where: z.string(),
  }),
  state: z.enum(['pending', 'done', 'partial', 'undone', 'partly undone']),
  undone: z.string().optional(),
  findings: z.array(Entry),
});
export type Journal = z.infer<typeof Journal>;
export type JournalChange = Journal['change'];

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
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT')
      throw new UsageError(`no journal ${path}`, { hint: 'see `secscan findings undo --list`' });
    throw new ConfigError(`cannot read the journal ${path}: ${code ?? error}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ConfigError(`${path} is not a journal of secscan: not JSON`);
  }
  const journal = Journal.safeParse(parsed);
  if (!journal.success) {
    const issue = journal.error.issues[0];
    throw new ConfigError(
      `${path} is not a journal of secscan: ${issue?.path.join('.') || 'the file'}: ${issue?.message}`,
    );
  }
  return new JournalFile(path, journal.data);
}

/** Every journal in `dir`, newest first; files that are not journals are named in `skipped`. */
export async function listJournals(dir: string): Promise<{ journals: JournalFile[]; skipped: string[] }> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { journals: [], skipped: [] };
    throw new ConfigError(`cannot read ${dir}: ${(error as NodeJS.ErrnoException).code ?? error}`);
  }
  const journals: JournalFile[] = [];
  const skipped: string[] = [];
  for (const name of names
    .filter((n) => n.endsWith('.json') && !n.startsWith('.'))
    .sort()
    .reverse()) {
    try {
      journals.push(await readJournal(join(dir, name)));
    } catch {
      skipped.push(name);
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
