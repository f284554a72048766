import { baseFormats } from '../output/core/format.js';
import { flag, type Help, type OptionDecl, text } from './define.js';

/**
 * The program itself: its help and the global options every command accepts. The build writes them into
 * the manifest beside the nouns, so help, the man pages and the completions read one declaration.
 */
export const root: Help & { options: Readonly<Record<string, OptionDecl>> } = {
  summary: 'Drive the application-security scanning service (REST API v4) from a terminal or CI',
  description:
    'Drive the application-security scanning service (REST API v4) from a terminal or CI.\n\n' +
    'Settings come from flags, then SECSCAN_* (or SHIFTLEFT_*) variables, then the profile saved by ' +
    '`secscan auth login`. Data goes to standard output; progress, notices and errors to standard error.',
  examples: [
    'secscan auth login --with-token < token.txt',
    'secscan findings list --app shiftleft-java-demo --severity critical',
    'secscan scans check --compound shop --rules .secscan/rules.yml --target-branch "$BRANCH"',
    'secscan help environment',
  ],
  options: {
    output: text(
      '-o, --output <format>',
      `output format: ${baseFormats.join(', ')} (some commands add more; in a CI job log, see secscan help formatting)`,
      {
        nonEmpty: false,
      },
    ),
    fields: text('--fields <list>', 'comma-separated fields (columns) to print', {
      nonEmpty: false,
      complete: 'field',
    }),
    jq: text(
      '--jq <expression>',
      'filter the JSON output with a jq expression (implies -o json; strings print raw, as jq -r)',
    ),
    color: flag('--no-color', 'disable colour (also NO_COLOR=1, CLICOLOR=0 or TERM=dumb)'),
    quiet: flag('-q, --quiet', 'print no progress or notices on stderr'),
    pager: flag('--no-pager', 'never page long output on a terminal (also SECSCAN_PAGER=cat)'),
    debug: flag('--debug', 'log HTTP requests to stderr, secrets redacted (also SECSCAN_DEBUG=1)'),
    timeout: text('--timeout <seconds>', 'timeout of each request attempt (default 30)', { nonEmpty: false }),
    retries: text(
      '--retries <n>',
      'retries of safe requests after the first attempt (default 2); a fan-out also gives up after 10 + N throttled answers in a row (secscan help http)',
      { nonEmpty: false },
    ),
    maxRetryWait: text(
      '--max-retry-wait <duration>',
      'longest wait the service may ask for, by Retry-After or a spent rate-limit window (default 60s); longer fails at once (exit 7)',
      { nonEmpty: false },
    ),
    yes: flag('-y, --yes', 'do not ask before destructive actions'),
    input: flag('--no-input', 'never prompt; fail instead (also when CI is set)'),
    profile: text('--profile <name>', 'connection profile to use (also SECSCAN_PROFILE)', {
      nonEmpty: false,
      complete: 'profile',
    }),
    baseUrl: text('--base-url <url>', 'service address (also SECSCAN_BASE_URL)', { nonEmpty: false }),
    org: text(
      '--org [uuid]',
      'organization id (also SECSCAN_ORG_ID); bare, the organization level of a listing',
      { nonEmpty: false },
    ),
    allowInsecureHttp: flag('--allow-insecure-http', 'allow plain http:// to a non-loopback host'),
  },
};
