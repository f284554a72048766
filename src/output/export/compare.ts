import { findingLocation } from '@secscan/api/location';
import { compareMarkdown, compareObject } from '../formats/compare.js';
import { fitSummary } from '../formats/github.js';
import { ruleIdFor } from '../formats/sarif.js';
import { type DiffRow, diffView, suppressedDiffView } from '../views/scans.js';
import type { CompareDocument } from './document.js';
import { type DocumentExporters, exportObject, exportRows, type GithubReport } from './target.js';

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
export const compareExporters: DocumentExporters<CompareDocument> = {
  human: true,
  formats: {
    json: (doc, target) => exportObject(compareObject(doc.diff), undefined, target),
    yaml: (doc, target) => exportObject(compareObject(doc.diff), undefined, target),
  },
  async otherwise(doc, target) {
    await exportRows(diffRows(doc), doc.suppressions ? suppressedDiffView : diffView, target);
  },
  github,
};
