import { readArguments, readVerbOperations } from '../helpers/read-commands.js';
import type { Reader } from './null-cases.js';

/**
 * The readers the null-answer suites drive against the sandbox (each with the operations whose answers are
 * made null, place by place, and the places it cannot reach), keyed to the seed's names. A read verb of the
 * manifest none of them runs and `notDriven` does not name is derived (`derivedReaders`): its arguments of
 * test/helpers/read-commands.ts, its operations of the manifest. So a new read command reaches these suites
 * with no edit here; when its derived reader cannot run against the seed, the suite names it, and it gets a
 * reader of its own here or a reason in `notDriven`.
 */

/** Apps, compounds, scans, findings and packages (test/e2e/null-answers-analysis.test.ts). */
const app = 'shiftleft-java-demo';
export const analysisReaders: readonly Reader[] = [
  { argv: ['apps', 'list'], ops: ['ListApps'] },
  { argv: ['apps', 'show', 'payments-api'], ops: ['ReadApp'] },
  { argv: ['apps', 'branches'], ops: ['ListAppsBranches'] },
  { argv: ['apps', 'scan-branches', 'payments-api'], ops: ['ListAppBranches'] },
  { argv: ['apps', 'config', 'show', 'payments-api'], ops: ['ReadAppConfig'] },
  { argv: ['apps', 'config', 'merged', 'payments-api'], ops: ['ReadMergedAppConfig'] },
  { argv: ['app-groups', 'show', 'payments'], ops: ['ReadAppGroup'] },
  { argv: ['analyze-failures', 'list'], ops: ['ListAnalyzeFailures'] },
  { argv: ['compounds', 'list'], ops: ['ListOrgCompounds'] },
  { argv: ['compounds', 'show', 'shop'], ops: ['ReadCompoundShallowByName'] },
  { argv: ['compounds', 'show', 'shop', '--full'], ops: ['ReadCompoundFull'] },
  {
    argv: ['compounds', 'scans', 'shop'],
    ops: ['ListScansInCompound'],
    skip: Object.fromEntries(
      ['counts[]', 'findings_summaries[]'].flatMap((list) =>
        [
          list,
          ...(list === 'counts[]'
            ? []
            : ['by_severity', 'by_category', 'by_assignee'].flatMap((m) => [
                `${list}.${m}`,
                `${list}.${m}{}`,
              ])),
        ].map((path) => [`scans[].${path}`, 'a compound scan carries no counts or summaries of its own']),
      ),
    ),
  },
  { argv: ['compounds', 'scans', 'shop', '--streamlined'], ops: ['GetStreamlinedScans'] },
  { argv: ['compounds', 'branches', 'shop'], ops: ['CompoundBranches'] },
  { argv: ['compounds', 'scan', 'shop', '7'], ops: ['ReadCompoundScan'] },
  { argv: ['compounds', 'fixes-stats'], ops: ['getFixesPerCompoundStats'] },
  { argv: ['findings', 'list', '--app', app], ops: ['ListAppFindings'] },
  { argv: ['findings', 'list', '--compound', 'shop'], ops: ['ListCompoundFindings'] },
  { argv: ['findings', 'list'], ops: ['ListOrgFindings'] },
  { argv: ['findings', 'show', '--app', app, '12'], ops: ['ReadAppFinding'] },
  { argv: ['findings', 'comment', 'list', '--app', app, '3'], ops: ['ListAppFindingComments'] },
  { argv: ['findings', 'summary'], ops: ['ReadOrgFindingsSummary'] },
  { argv: ['findings', 'summary', '--app', 'payments-api'], ops: ['ListAppVersions'] },
  { argv: ['findings', 'summary', '--app', 'payments-api', '--version', 'e332620'], ops: ['ReadAppVersion'] },
  { argv: ['scans', 'list', '--app', 'payments-api'], ops: ['ListScans'] },
  { argv: ['scans', 'show', '--app', 'payments-api', '1011'], ops: ['ReadScan'] },
  { argv: ['scans', 'report', '--app', 'payments-api', '1011'], ops: ['ScansCheckReport'] },
  {
    argv: ['scans', 'compare', '--app', 'payments-api', '--source', 'scan.1007', '--target', 'scan.1013'],
    ops: ['ListScansCompare'],
  },
  { argv: ['dependencies', 'search', 'log4j'], ops: ['SearchDependency'] },
  {
    argv: ['packages', 'show', 'pkg:maven/org.apache.logging.log4j/log4j-core@2.14.1'],
    ops: ['RetrievePackageInfo'],
  },
  { argv: ['sca', 'packages', '--app', 'payments-api'], ops: ['ReadAppSCAPackages'] },
  { argv: ['sca', 'packages', '--compound', 'shop'], ops: ['ReadCompoundSCAPackages'] },
  // The recommended fix of finding 12 is there: the finding's own fix is not read.
  { argv: ['findings', 'fix', '--app', app, '12'], ops: ['ReadRecommendedFix'] },
  { argv: ['findings', 'dataflow', '--app', app, '--scan', '1004', '9'], ops: ['ReadFindingDataflow'] },
  { argv: ['findings', 'comment', 'show', '--app', app, '3', '1'], ops: ['ReadOneAppFindingComment'] },
  { argv: ['scans', 'owasp', '--app', 'payments-api', '1011'], ops: ['ReadAppScanFindingsOWASPGrouped'] },
  { argv: ['app-groups', 'list'], ops: ['ReadOrgGroups'] },
  {
    argv: ['stats'],
    ops: ['ListApps', 'ListAppFindings'],
    skip: Object.fromEntries(
      ['findings', 'findings[]', 'findings[].details', 'findings[].tags', 'findings[].tags[]'].map((p) => [
        p,
        'stats asks for the counts only: no finding is read',
      ]),
    ),
  },
  { argv: ['reports', 'trends', '--since', '90d'], ops: ['ListApps', 'ListAppFindings'] },
  { argv: ['sbom', '--app', app], ops: ['ReadAppSCAPackages', 'ListAppFindings'] },
];

/**
 * Teams, groups, users, roles, tokens, SAML, organization settings, policies, the webhook, saved searches,
 * backups, the audit log and the integrations (test/e2e/null-answers-access.test.ts).
 */
const team = 'Payments';
export const accessReaders: readonly Reader[] = [
  {
    argv: ['teams', 'list'],
    ops: ['ListTeams'],
    skip: { '[].members[]': 'the sandbox names the members `users`' },
  },
  { argv: ['teams', 'show', team], ops: ['ReadTeam'] },
  { argv: ['teams', 'groups', 'list', team], ops: ['ListGroups'] },
  {
    argv: ['teams', 'groups', 'show', team, 'Security Champions'],
    ops: ['ListHumanGroups', 'ReadTeamGroup'],
    skip: { 'groups[].members[]': 'the groups are listed without members' },
  },
  { argv: ['teams', 'config', 'show', team], ops: ['ReadTeamConfig'] },
  { argv: ['teams', 'config', 'merged', team], ops: ['ReadMergedTeamConfig'] },
  { argv: ['teams', 'export'], ops: ['ListOrgRBACRoles', 'ListOrgRBACUsers'] },
  { argv: ['groups', 'list'], ops: ['ListHumanGroups'] },
  { argv: ['groups', 'show', 'Developers'], ops: ['ReadGroup'] },
  { argv: ['users', 'list', '--email', 'collaborator@initech.example'], ops: ['ListOrgRBACUsers'] },
  { argv: ['users', 'invitations'], ops: ['ListOrgRBACInvitations'] },
  { argv: ['roles', 'list'], ops: ['ListOrgRBACRoles'] },
  { argv: ['roles', 'list', '--access-token'], ops: ['ListRoles'] },
  { argv: ['tokens', 'list'], ops: ['ListTokens'] },
  { argv: ['scopes', 'list'], ops: ['ListMyOrgScopes'] },
  { argv: ['scopes', 'available'], ops: ['ListAvailableRBACScopes'] },
  { argv: ['whoami'], ops: ['ReadUser'], skip: { 'invites[]': 'the seeded user has no invitation' } },
  { argv: ['saml', 'list'], ops: ['ListOrgSAMLConfigs'] },
  { argv: ['org', 'config', 'show'], ops: ['ReadOrgConfig'] },
  { argv: ['org', 'autofix', 'show'], ops: ['ReadOrgAutoFixConfig'] },
  { argv: ['policies', 'list'], ops: ['ListCheckAnalysisConfiguration'] },
  { argv: ['webhook', 'show'], ops: ['GetWebhook'] },
  { argv: ['webhook', 'events'], ops: ['GetAlertingEvents'] },
  { argv: ['searches', 'list'], ops: ['ListSavedSearches'] },
  { argv: ['backups', 'list'], ops: ['ListOrganizationBackups'] },
  {
    argv: ['audit', 'scm-secrets', '--by-project'],
    ops: ['GetOrgSCMSecretsAuditLog'],
    skip: Object.fromEntries(
      ['users', 'users[]', 'users[].project_ids', 'users[].token_ids'].map((p) => [
        p,
        'by project: no users',
      ]),
    ),
  },
  {
    argv: ['audit', 'scm-secrets', '--by-user'],
    ops: ['GetOrgSCMSecretsAuditLog'],
    skip: Object.fromEntries(
      ['projects', 'projects[]', 'projects[].user_ids', 'projects[].token_ids'].map((p) => [
        p,
        'by user: the same as by project',
      ]),
    ),
  },
  { argv: ['integrations', 'cloud', 'creds', 'show'], ops: ['getWizCreds'] },
  { argv: ['--org', 'integrations', 'cloud', 'enrollment', 'show'], ops: ['getWizOrgEnrollmentStatus'] },
  {
    argv: ['integrations', 'cloud', 'enrollment', 'show', '--compound', 'shop'],
    ops: ['getWizCompoundEnrollmentStatus'],
  },
  {
    argv: ['auth', 'status'],
    ops: ['ReadUser', 'ListMyOrgScopes'],
    skip: { 'invites[]': 'the seeded user has no invitation' },
  },
  { argv: ['saml', 'show', 'corp-sso'], ops: ['ListOrgSAMLConfigs'] },
  { argv: ['policies', 'show', 'default'], ops: ['ResolveCheckAnalysisConfiguration'] },
];

/** Read verbs no null-answer suite drives, and why (each is driven by the fail-safe suite unless it says). */
export const notDriven: Readonly<Record<string, string>> = {
  'auth login': 'reads the token from standard input and writes a profile; its read (ReadUser) is whoami’s',
  'policies diff': 'compares a rules file of the user’s with a stored policy, the answer policies show reads',
  'ignores lint': 'reads an ignore file of the user’s and sends nothing: test/commands/ignores/',
  sync: 'writes a database, not stdout: test/commands/sync/ holds a null findings list to exit 8 with nothing of the app written',
  'scans wait':
    'polls a scan until it ends: its reads are the gate’s, test/e2e/scans-wait* and the gates here',
  'backups download': 'a file as the service sends it, checked by its digest: test/e2e/backups*',
  'sandbox wait': 'reads nothing of its answer (ReadUser): a sandbox that answers 200 is ready',
  'compounds sarif':
    'a document as the service sends it, not read place by place: one that is no SARIF log is exit 8',
  'reports pci': 'a report the service renders (no schema of its answer): written as it is sent (--out)',
  'reports owasp': 'a report the service renders (no schema of its answer): written as it is sent (--out)',
  'reports cwe': 'a report the service renders (no schema of its answer): written as it is sent (--out)',
  'audit log': 'a file as the service sends it (CSV or JSON lines), not read place by place',
  'integrations chat authorize': 'answers with a redirect to the consent page, which it prints',
  'integrations board authorize': 'answers with a redirect to the consent page, which it prints',
  'integrations board status': 'any 200 is authorized: the answer has no place a null could hide',
  'integrations board orgs':
    'the seed connects no work board: the fail-safe suite drives it (test/e2e/failsafe*)',
  'integrations board show':
    'the seed connects no work board: the fail-safe suite drives it (test/e2e/failsafe*)',
  'integrations board finding':
    'the seed connects no work board: the fail-safe suite drives it (test/e2e/failsafe*)',
  'analyze-failures show': 'its id is drawn by the seed: the fail-safe suite drives it with the vendor’s',
};

/** The command path a reader runs: the longest read verb its words (less `--org`) begin with. */
export function verbOf(argv: readonly string[], verbs: readonly string[]): string | undefined {
  const words = argv.filter((a) => a !== '--org');
  return verbs
    .filter((v) => v.split(' ').every((w, i) => words[i] === w))
    .sort((a, b) => b.length - a.length)[0];
}

/** A reader for each read verb no reader here runs and `notDriven` does not name, from its first arguments. */
export async function derivedReaders(): Promise<Reader[]> {
  const verbs = await readVerbOperations();
  const paths = [...verbs.keys()];
  const driven = new Set([...analysisReaders, ...accessReaders].map(({ argv }) => verbOf(argv, paths)));
  return paths.flatMap((path) => {
    const args = readArguments[path];
    if (driven.has(path) || notDriven[path] !== undefined || args === undefined || 'skip' in args) return [];
    const first = args[0] ?? [];
    return [{ argv: [...path.split(' '), ...first], ops: verbs.get(path) ?? [] }];
  });
}
