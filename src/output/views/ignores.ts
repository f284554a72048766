import { defineView } from '../core/view.js';

/** `ignores lint`: a problem of an entry of the ignore file. */
export interface IgnoreProblem {
  line: number;
  problem: 'expired' | 'expiring' | 'unused' | 'duplicate' | 'vex';
  entry: string;
  detail: string;
}

export const ignoreProblemView = defineView<IgnoreProblem>({
  columns: [
    { key: 'line', header: 'LINE' },
    {
      key: 'problem',
      header: 'PROBLEM',
      style: (text, _r, chalk) => (text === 'expired' ? chalk.red(text) : chalk.yellow(text)),
    },
    // The line names the entry: its text gives way first, before the detail is cut too short.
    { key: 'entry', header: 'ENTRY', shrink: true, priority: 2 },
    { key: 'detail', header: 'DETAIL', shrink: true },
  ],
  emptyMessage: 'No problem found.',
});

/** `ignores sync`: a finding whose service status the ignore file changes. */
export interface SyncChange {
  app: string;
  id: string;
  title: string | undefined;
  /** ignore: an entry in effect names it; lift: the entry that had it ignored has expired. */
  action: 'ignore' | 'lift';
  before: string;
  after: string;
  /** The entry, `.secscan/ignore.yml:12`. */
  entry: string;
  /** planned (--dry-run), done; or, when a run stopped part-way, failed, unknown or not sent. */
  result: 'planned' | 'done' | 'failed' | 'unknown' | 'not sent';
}

export const syncChangeView = defineView<SyncChange>({
  columns: [
    { key: 'app', header: 'APP' },
    { key: 'id', header: 'ID' },
    { key: 'action', header: 'ACTION' },
    // On a narrow terminal the status before, then the entry's line give way first.
    { key: 'before', header: 'BEFORE', priority: 3 },
    { key: 'after', header: 'AFTER' },
    { key: 'entry', header: 'ENTRY', priority: 2 },
    { key: 'result', header: 'RESULT' },
    { key: 'title', header: 'TITLE', shrink: true },
  ],
  emptyMessage: 'Nothing to change: the service agrees with the ignore file.',
});
