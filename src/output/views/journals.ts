import { defineView } from '../core/view.js';

/** A journal of a bulk change, as `findings undo --list` shows it. */
export type JournalRow = {
  id: string;
  created: string;
  /** `status -> ignored`, `assignee -> dev@example.com`, `assignee -> (none)`. */
  change: string;
  /** The app, or `compound NAME`. */
  where: string;
  findings: number;
  /** How many the change was sent for and applied to. */
  applied: number;
  /** pending (the run did not finish), done, partial, undone, partly undone. */
  state: string;
  undone?: string | undefined;
  profile?: string | undefined;
  path: string;
};

export const journalView = defineView<JournalRow>({
  columns: [
    { key: 'id', header: 'JOURNAL' },
    // The journal's id starts with the time it was made: its date gives way first, then what it changed.
    { key: 'created', header: 'CREATED', priority: 3 },
    { key: 'change', header: 'CHANGE', shrink: true },
    { key: 'where', header: 'OF', priority: 2 },
    { key: 'findings', header: 'FINDINGS' },
    { key: 'applied', header: 'APPLIED' },
    { key: 'state', header: 'STATE' },
    { key: 'undone', header: 'UNDONE' },
    { key: 'profile', header: 'PROFILE' },
    { key: 'path', header: 'PATH' },
  ],
  defaults: ['id', 'created', 'change', 'where', 'findings', 'state'],
  emptyMessage: 'No journals of bulk changes for this organization.',
});
