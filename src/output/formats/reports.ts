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
