import { defineView } from '../core/view.js';

/** A step of a finding's dataflow (`findings dataflow`), numbered from where the data enters. */
export interface DataflowRow {
  step: number;
  role?: string | undefined;
  file_name: string;
  line_number: number;
  symbol?: string | undefined;
}

export const dataflowView = defineView<DataflowRow>({
  columns: [
    { key: 'step', header: 'STEP' },
    { key: 'role', header: 'ROLE' },
    { key: 'file_name', header: 'FILE', shrink: true, min: 30 },
    { key: 'line_number', header: 'LINE' },
    { key: 'symbol', header: 'SYMBOL', priority: 2 },
  ],
  emptyMessage: 'No dataflow: the finding has none in that scan.',
});

/** A file a fix changes (`findings autofix --apply`): what it adds and removes, and whether it was written. */
export interface FixFileRow {
  file: string;
  added: number;
  removed: number;
  result: 'applied' | 'would apply';
}

export const fixFilesView = defineView<FixFileRow>({
  columns: [
    { key: 'file', header: 'FILE', shrink: true, min: 30 },
    { key: 'added', header: 'ADDED', priority: 2 },
    { key: 'removed', header: 'REMOVED', priority: 2 },
    { key: 'result', header: 'RESULT' },
  ],
  emptyMessage: 'The fix changes no file.',
});

/** A file of a demo app's sources (`sandbox sources`), as written. */
export interface SourceFileRow {
  app: string;
  file: string;
  lines: number;
}

export const sourceFilesView = defineView<SourceFileRow>({
  columns: [
    { key: 'app', header: 'APP' },
    { key: 'file', header: 'FILE', shrink: true, min: 30 },
    { key: 'lines', header: 'LINES', priority: 2 },
  ],
  emptyMessage: 'No source files.',
});
