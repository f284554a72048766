import { defineNoun } from '../types.js';

const app = { flags: '--app <id>', description: 'app id (required)' };
const scanArg = [{ name: 'scan-id', description: 'scan id (from `secscan scans list`)', required: true }];

export default defineNoun({
  name: 'scans',
  summary: 'List, show and compare scans; gate merges with `scans check`',
  verbs: [
    {
      name: 'list',
      aliases: ['ls'],
      summary: 'List the scans of an app, newest first',
      options: [
        app,
        {
          flags: '--tag <key=value>',
          description: 'only scans with this tag (repeatable)',
          repeatable: true,
        },
        { flags: '--limit <n>', description: 'at most this many scans, 1 to 50 (default 10)' },
      ],
      examples: [
        'secscan scans list --app payments-api',
        'secscan scans list --app payments-api --tag branch=main',
      ],
      load: () => import('./list.js'),
    },
    {
      name: 'show',
      summary: 'Show a scan with its findings summaries',
      args: scanArg,
      options: [app],
      examples: ['secscan scans show --app payments-api 1042'],
      load: () => import('./show.js'),
    },
    {
      name: 'owasp',
      summary: 'Count a scan’s findings by OWASP year and category',
      args: scanArg,
      options: [app],
      examples: ['secscan scans owasp --app payments-api 1042'],
      load: () => import('./owasp.js'),
    },
    {
      name: 'report',
      summary: 'Show the check results recorded for a scan',
      args: scanArg,
      options: [app],
      load: () => import('./report.js'),
    },
    {
      name: 'compare',
      summary: 'New, fixed and common findings between two scans of an app',
      description:
        'Compare two scans of an app: new findings are in the target and not the source, fixed ones the\n' +
        'reverse. A new finding an earlier scan already had is a regression. REF is scan.N or tag.KEY=VALUE.\n' +
        'With --fail-on, exit 1 when such findings exist (a gate for a branch against the default branch).',
      options: [
        app,
        { flags: '--source <ref>', description: 'the baseline: scan.N or tag.KEY=VALUE' },
        { flags: '--target <ref>', description: 'the scan under test: scan.N or tag.KEY=VALUE' },
        { flags: '--source-branch <branch>', description: 'the baseline: the latest scan of this branch' },
        { flags: '--target-branch <branch>', description: 'under test: the latest scan of this branch' },
        { flags: '--source-scan <n>', description: 'the baseline scan id' },
        { flags: '--target-scan <n>', description: 'the scan id under test' },
        { flags: '--common', description: 'also list the findings both scans have' },
        {
          flags: '--fail-on <what>',
          description: 'exit 1 when new findings (or regressions) exist',
          choices: ['new', 'regression'],
        },
        {
          flags: '--severity-threshold <level>',
          description: 'with --fail-on: count only findings of this severity or above',
          choices: ['low', 'medium', 'high', 'critical'],
        },
      ],
      examples: [
        'secscan scans compare --app payments-api --source-branch main --target-branch feature/checkout',
        'secscan scans compare --app payments-api --source tag.branch=main --target scan.1042 --fail-on new --severity-threshold high',
      ],
      load: () => import('./compare.js'),
    },
    {
      name: 'check',
      summary: 'Gate a merge: check a compound’s scan against rules (exit 1 when a rule is breached)',
      description:
        'Check the last scan of a branch of a compound (or app) against rules, from a file (YAML or JSON\n' +
        'holding `rules:`) or a stored check-analysis policy. Exit 0 when no rule is over its threshold,\n' +
        '1 when one is; any other code means the gate was not evaluated (fail closed). --kind diff (the\n' +
        'default) counts only findings the source (baseline) scan did not have; single counts them all.\n' +
        'Reports are written before the exit, whatever the verdict.',
      options: [
        { flags: '--compound <name>', description: 'compound (or app) name (required)' },
        { flags: '--rules <file>', description: 'rules file, YAML or JSON (`-` reads standard input)' },
        { flags: '--policy <name[:tag]>', description: 'stored check-analysis policy instead of --rules' },
        {
          flags: '--target-branch <branch>',
          description: 'branch under test: its last scan (default: the default branch)',
        },
        {
          flags: '--source-branch <branch>',
          description: 'baseline branch: its last scan (default: the scan before the target on its branch)',
        },
        {
          flags: '--kind <kind>',
          description: 'diff: new findings only; single: all findings (default diff)',
          choices: ['single', 'diff'],
        },
        { flags: '--num-findings <n>', description: 'top findings returned per rule, 0 to 100 (default 5)' },
        {
          flags: '--fail-on <when>',
          description:
            'threshold: exit 1 when a rule is over its threshold; none: report only (default threshold)',
          choices: ['threshold', 'none'],
        },
        { flags: '--report-json <file>', description: 'write the verdict and results as JSON' },
        { flags: '--report-junit <file>', description: 'write JUnit XML: one test case per rule' },
        { flags: '--report-sarif <file>', description: 'write the matched findings as SARIF 2.1.0' },
        {
          flags: '--report-markdown <file>',
          description: 'write a Markdown summary (pull-request comment, $GITHUB_STEP_SUMMARY)',
        },
      ],
      outputs: ['junit', 'markdown', 'sarif'],
      examples: [
        'secscan scans check --compound shop --rules .secscan/rules.yml --target-branch "$BRANCH" --source-branch main',
        'secscan scans check --compound shop --policy default --kind single --report-junit secscan.xml',
      ],
      load: () => import('./check.js'),
    },
  ],
});
