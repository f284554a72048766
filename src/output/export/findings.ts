import { sarifCategory } from '../sarif.js';
import { findingView } from '../views/findings.js';
import { broadcast } from './broadcast.js';
import type { FindingsDocument } from './document.js';
import { type DocumentExporters, exportRows } from './target.js';

/** The SARIF category: --sarif-category, else one from the scope (each app's run adds its name). */
function automationId(doc: FindingsDocument): string {
  const { scope } = doc;
  const derived =
    scope.level === 'app'
      ? ['findings', 'app', scope.app]
      : scope.level === 'compound'
        ? ['findings', 'compound', scope.compound]
        : ['findings', 'org'];
  return sarifCategory(derived, doc.category);
}

/** `findings list`: rows in the tabular formats, and the reports CI services read. */
export const findingsExporters: DocumentExporters<FindingsDocument> = {
  formats: {
    async sarif(doc, target) {
      const { writeSarif } = await import('../sarif-log.js');
      await writeSarif(target.out, doc.findings, {
        toolVersion: target.toolVersion,
        automationId: automationId(doc),
        perApp: doc.scope.level !== 'app',
        warn: (message) => target.warn(message),
      });
    },
    async codequality(doc, target) {
      const { writeCodeQuality } = await import('../codequality.js');
      await writeCodeQuality(target.out, doc.findings);
    },
    async 'gitlab-sast'(doc, target) {
      const { writeGitlabSast } = await import('../gitlab-sast.js');
      await writeGitlabSast(target.out, doc.findings, {
        toolVersion: target.toolVersion,
        started: new Date(),
      });
    },
  },
  async otherwise(doc, target) {
    await exportRows(doc.findings, findingView, target, doc.footer);
  },
  fork: (doc, count) => broadcast(doc.findings, count).map((findings) => ({ ...doc, findings })),
};
