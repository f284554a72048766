import { sarifCategory } from '../formats/stamp.js';
import type { Finding } from '@secscan/api/schemas/findings';
import { findingListView } from '../views/findings.js';
import { broadcast } from './broadcast.js';
import { type FindingsDocument, listing, type Truncation } from './document.js';
import { defineDocument } from './spec.js';
import type { ExportTarget } from './target.js';

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

/**
 * The findings a GitLab report holds: those the ignore file does not suppress (GitLab's reports have no
 * suppression to carry); how many were left out is said once the listing has been read.
 */
async function* unsuppressed(doc: FindingsDocument, target: ExportTarget): AsyncGenerator<Finding> {
  let left = 0;
  for await (const finding of doc.findings) {
    if ((finding as { suppressed?: boolean }).suppressed) left++;
    else yield finding;
  }
  if (left) {
    target.warn(
      `${target.format}: left out ${left} finding${left === 1 ? '' : 's'} suppressed by ${doc.suppressions?.file}`,
    );
  }
}

/**
 * A report cut short on request (--limit, --page) says so, in the report and once on stderr (a warning: the
 * run still exits 0, as asked); read once the listing has ended.
 */
function truncation(doc: FindingsDocument, target: ExportTarget): Truncation | undefined {
  const cut = doc.truncated?.();
  if (cut) target.warn(`${target.format}: ${truncationText(cut)}`);
  return cut;
}

const truncationText = (cut: Truncation) =>
  `the report holds only ${cut.holds}: the service has more findings (without ${cut.flag}, every page is read)`;

/** `findings list`: rows in the base formats, and the reports CI services read (every page by default). */
export const findingsDocument = defineDocument<FindingsDocument>()({
  what: 'the findings',
  rows: (doc) =>
    listing(
      doc.findings,
      findingListView({ apps: doc.scope.level !== 'app', suppressed: Boolean(doc.suppressions) }),
      doc.footer,
    ),
  reports: {
    sarif: {
      summary: 'the findings as SARIF 2.1.0 (one run per app above app level)',
      async write(doc, target) {
        const { writeSarif } = await import('../formats/sarif.js');
        await writeSarif(target.out, doc.findings, {
          toolVersion: target.toolVersion,
          automationId: automationId(doc),
          perApp: doc.scope.level !== 'app',
          warn: (message) => target.warn(message),
          truncated: () => {
            const cut = truncation(doc, target);
            return cut && truncationText(cut);
          },
        });
      },
    },
    codequality: {
      summary: 'the findings the ignore file does not suppress as a GitLab Code Quality report',
      async write(doc, target) {
        const { writeCodeQuality } = await import('../formats/codequality.js');
        await writeCodeQuality(target.out, unsuppressed(doc, target), undefined, () => {
          const cut = truncation(doc, target);
          return cut && { message: `secscan: ${truncationText(cut)}`, path: cut.where };
        });
      },
    },
    'gitlab-sast': {
      summary: 'the findings the ignore file does not suppress as a GitLab SAST report',
      async write(doc, target) {
        const { writeGitlabSast } = await import('../formats/gitlab-sast.js');
        await writeGitlabSast(target.out, unsuppressed(doc, target), {
          toolVersion: target.toolVersion,
          started: new Date(),
          truncated: () => {
            const cut = truncation(doc, target);
            return cut && truncationText(cut);
          },
        });
      },
    },
  },
  fork: (doc, count) => broadcast(doc.findings, count).map((findings) => ({ ...doc, findings })),
});
