import * as z from 'zod';

/** The shape of a journal file (see journal.ts), checked when one is read back. */
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

export const Journal = z.object({
  format: z.literal('secscan-journal/1'),
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
