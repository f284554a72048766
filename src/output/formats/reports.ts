import type { BaseFormatName } from '../base/index.js';

/**
 * The report formats, by -o name: what CI services and people read, written from a typed document by the
 * exporters of its type (src/output/export/), where that type has one. What each is, for `secscan help
 * formatting`; the commands that offer each are in their help.
 */
export const reportFormats = {
  junit: 'JUnit XML, for test reporters (GitLab, Jenkins, GitHub).',
  markdown: 'Markdown, for a pull-request comment or $GITHUB_STEP_SUMMARY.',
  sarif: 'SARIF 2.1.0, for GitHub code scanning.',
  codequality: 'GitLab Code Quality.',
  'gitlab-sast': 'GitLab’s SAST report (security report schema 15).',
} as const satisfies Record<string, string>;

export type ReportFormatName = keyof typeof reportFormats;

export const reportFormatNames = Object.keys(reportFormats) as ReportFormatName[];

/** A report is never named as a base format is (-o could not tell them apart): tsc names the one here. */
export const namesApart: [Extract<ReportFormatName, BaseFormatName>] extends [never]
  ? true
  : Extract<ReportFormatName, BaseFormatName> = true;
