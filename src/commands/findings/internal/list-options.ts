import {
  findingSorts,
  findingStatuses,
  listedFindingTypes,
  scanLanguages,
  scanPlatforms,
  severities,
} from '@secscan/api/values';
import { choice, flag, list, type OptsOf, parsed, text } from '../../define.js';
import { diffs, tagQuery } from '../../../triage/query.js';
import { email, int, nonEmpty, pattern, scanId, scanRef } from '../../parsers.js';

/** The flags of `findings list`: the same at every level; planList maps them to each operation's names. */
export const options = {
  app: text('--app <id>', 'findings of an app\n\n(its latest scan unless --scan, --version, --branch)', {
    conflicts: ['compound'],
  }),
  compound: text('--compound <name>', 'findings of a compound\n\n(its latest compound scan)'),
  severity: list('--severity <level>', 'only these severities (repeatable)', { choices: severities }),
  status: list(
    '--status <status>',
    'only these statuses (repeatable)\n\n(the app and organization lists default to unset, the compound list to every status)',
    { choices: [...findingStatuses, 'any'] },
  ),
  type: list(
    '--type <type>',
    'only these types (repeatable)\n\n(oss_risk is a type of the vendor’s clients)',
    {
      choices: listedFindingTypes,
    },
  ),
  category: text('--category <name>', 'only this category, e.g. "SQL Injection"'),
  assignee: parsed('--assignee <email>', 'only findings assigned to EMAIL', email(), {
    conflicts: ['assignment'],
  }),
  assignment: choice('--assignment <state>', 'assigned or unassigned findings', ['assigned', 'unassigned']),
  tag: list('--tag <key=value>', 'only scans with this tag (repeatable)\n\n(e.g. branch=main)'),
  findingTag: list(
    '--finding-tag <key__op__value>',
    'only findings whose tag matches\n\n(e.g. cvss_score__gte__7 or cvss_31_severity_rating__in__critical,high; at most 20; operators eq, ne, contains, in, lt, gte, ...; with --app and the organization list, an operator other than eq is sent as `tag`, a parameter outside the public v4 document)',
    { parser: pattern(tagQuery, 'expected key__operator__value, e.g. category__eq__XSS') },
  ),
  search: list(
    '--search <text>',
    'title, description or a tag value has TEXT\n\n(any case; at most 5, all must match; title or description only with --compound)',
    { parser: nonEmpty() },
  ),
  sort: choice('--sort <field>', 'sort field (default id, newest first)', findingSorts),
  order: choice('--order <order>', 'sort order', ['asc', 'desc']),
  scan: parsed('--scan <id>', 'the scan to list (--app; default the latest)', scanId(), {
    conflicts: ['version', 'branch', 'tag'],
  }),
  version: text('--version <version>', 'the latest scan of this code version', {
    conflicts: ['branch', 'tag', 'polyglotScan'],
  }),
  branch: text('--branch <name>', 'the latest scan of this branch'),
  polyglotScan: parsed(
    '--polyglot-scan <id>',
    'the compound scan to list (--compound)\n\n(default the latest)',
    scanId('polyglot scan id'),
    { conflicts: ['branch', 'tag'] },
  ),
  scanPlatform: choice(
    '--scan-platform <platform>',
    '--compound: element scans of one platform',
    scanPlatforms,
    {
      conflicts: ['scanLanguage'],
    },
  ),
  scanLanguage: choice(
    '--scan-language <language>',
    '--compound: element scans of one language',
    scanLanguages,
  ),
  reachable: flag('--reachable', '--compound: only reachable findings'),
  exploitable: flag('--exploitable', '--compound: only exploitable findings'),
  hasAiFix: flag('--has-ai-fix', '--compound: only findings with an AI fix'),
  source: parsed(
    '--source <ref>',
    'compare with this scan (with --diff)\n\n(scan.<number> or tag.<key>=<value>)',
    scanRef(),
  ),
  diff: choice('--diff <kind>', 'findings of this kind against --source', diffs),
  perPage: parsed(
    '--per-page <n>',
    'findings per request, 1 to 250 (default 50)\n\n(250 with --all)',
    int(1, 250),
  ),
  page: parsed('--page <n>', 'one page of results (prefer --all or --limit)', int(1, 1_000_000), {
    conflicts: ['all', 'limit'],
  }),
  all: flag('--all', 'fetch every page (follows next_page)', { conflicts: ['limit'] }),
  limit: parsed('--limit <n>', 'stop after N findings', int(1, 100_000_000)),
  sarifCategory: text(
    '--sarif-category <id>',
    'SARIF: the automationDetails.id\n\n(GitHub keeps one set of alerts per category; default secscan/findings/app/APP/, .../compound/NAME/ or .../org/; with one run per app, each adds APP/)',
  ),
};

export type ListOpts = OptsOf<typeof options>;
