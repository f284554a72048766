import { defineView } from '../view.js';

/** `ignores lint`: a problem of an entry of the ignore file. */
export interface IgnoreProblem {
  line: number;
  problem: 'expired' | 'expiring' | 'unused' | 'duplicate';
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
    { key: 'entry', header: 'ENTRY', shrink: true },
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
    { key: 'before', header: 'BEFORE' },
    { key: 'after', header: 'AFTER' },
    { key: 'entry', header: 'ENTRY' },
    { key: 'result', header: 'RESULT' },
    { key: 'title', header: 'TITLE', shrink: true },
  ],
  emptyMessage: 'Nothing to change: the service agrees with the ignore file.',
});
