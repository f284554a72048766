import { findingLocation } from '@secscan/api/location';
import { compareMarkdown, compareObject } from '../formats/compare.js';
import { fitSummary } from '../formats/github.js';
import { ruleIdFor } from '../formats/sarif.js';
import { type DiffRow, diffView, suppressedDiffView } from '../views/scans.js';
import { type CompareDocument, listing } from './document.js';
import { defineDocument } from './spec.js';
import type { GithubReport } from './target.js';

function diffRows({ diff, common }: CompareDocument): DiffRow[] {
  return [
    ...diff.new.map((f) => ({ ...f, diff: 'new' as const })),
    ...diff.fixed.map((f) => ({ ...f, diff: 'fixed' as const })),
    ...(common ? diff.common.map((f) => ({ ...f, diff: 'common' as const })) : []),
  ];
}

function github(doc: CompareDocument): GithubReport | undefined {
  const { gate } = doc;
  if (!gate) return undefined;
  return {
    annotations: gate.failing.map((f) => {
      const place = findingLocation(f);
      const what = f.regression ? 'a regression' : 'new';
      return {
        level: 'error',
        ...(place ? { file: place.file, ...(place.line ? { line: place.line } : {}) } : {}),
        title: ruleIdFor(f),
        message: `${f.severity ?? 'unknown'}: ${f.title ?? f.category ?? 'finding'} (finding ${f.id}${f.app ? ` of ${f.app}` : ''}, ${what})`,
      };
    }),
    rest: 'the step summary lists them',
    summary: fitSummary(compareMarkdown(doc, gate), () => compareMarkdown(doc, gate, 20)),
  };
}

/** `scans compare`: the comparison as a whole for json and yaml, one row a finding otherwise. */
export const compareDocument = defineDocument<CompareDocument>()({
  what: 'the comparison',
  rows: (doc) => listing(diffRows(doc), doc.suppressions ? suppressedDiffView : diffView),
  whole: (doc) => compareObject(doc.diff),
  // Without -o a person reads it: the table, even when stdout is a pipe or a CI log.
  default: 'table',
  reports: {},
  github,
});
