/**
 * Values and patterns of the specification that commands declare as choices and checks: plain data, so a
 * command's declaration loads no schema library.
 */

export const findingTypes = [
  'vuln',
  'secret',
  'insight',
  'extscan',
  'oss_vuln',
  'container',
  'security_issue',
] as const;
/**
 * The types the service's newest clients filter the findings listings on that the specification does not
 * name: `oss_risk`, a bucket of open-source risk findings (empty in the sandbox's demo data unless a scan
 * records some).
 */
export const clientFindingTypes = ['oss_risk'] as const;
/** What the findings listings' type filters take: the specification's types and the clients' ones. */
export const listedFindingTypes = [...findingTypes, ...clientFindingTypes] as const;
/**
 * The listed types and `package`, a dependency's finding: what a scan records and a rules file counts, though
 * the findings lists' type filters do not take `package`.
 */
export const allFindingTypes = [...listedFindingTypes, 'package'] as const;
export type FindingType = (typeof allFindingTypes)[number];
export const severities = ['low', 'medium', 'high', 'critical'] as const;
export const findingStatuses = ['unset', 'fixed', 'ignored', '3rdparty'] as const;
/** Values the status-setting operations accept; blank (`none` on the command line) removes the status. */
export const statusUpdates = [
  'fixed',
  'ignore',
  'codeviolationfixed',
  'codeviolationignore',
  'codeviolationremovestatus',
] as const;
export const scanPlatforms = [
  'java',
  'go',
  'csharp',
  'javascript',
  'c',
  'python',
  'terraform_hcl',
  'ruby',
  'php',
  'fuzzytestlang',
  'kotlin',
  'javasrc',
  'pythonsrc',
  'jssrc',
  'secrets',
  'swiftsrc',
  'plsql',
  'apex',
] as const;
export const scanLanguages = [
  'java',
  'go',
  'csharp',
  'javascript',
  'c',
  'python',
  'terraform_hcl',
  'ruby',
  'php',
  'fuzzytestlang',
  'kotlin',
  'swift',
  'plsql',
  'apex',
] as const;

export const scaSorts = [
  'package',
  'url',
  'name',
  'namespace',
  'type',
  'version',
  'license',
  'created_at',
  'num_vulns',
  'num_reachable',
  'num_exploitable',
] as const;

/** Team roles by name (a role id, a uuid, is accepted too); a member added without one gets the default. */
export const teamRoleNames = ['TEAM_ADMIN', 'TEAM_MANAGER', 'TEAM_MEMBER', 'TEAM_GUEST'] as const;
export const defaultTeamRole = 'TEAM_MEMBER';
/** Written like a built-in role's name (`TEAM_ADMIN`, `SUPER_ADMIN`) rather than a custom role's. */
export const builtinLike = /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/;

/** Sort fields of the findings lists (`sort`, `finding_sort`) and the orders of every list that sorts. */
export const findingSorts = ['id', 'title', 'severity', 'created_at'] as const;
export const sortOrders = ['desc', 'asc'] as const;
/** Statuses of a scan (the compound scans listing filters on them). */
export const scanStatuses = ['completed', 'running', 'failed'] as const;
/** Finding fields a findings list may leave out (`fields`; the compound list's `finding_fields`: only the first). */
export const excludableFields = ['-description', '-details', '-related_findings'] as const;

/** An app id starts and ends with a letter or digit; `_ : . -` are allowed inside. */
export const appIdPattern = /^[a-zA-Z0-9]([a-zA-Z0-9_:.-]*[a-zA-Z0-9])?$/;

/** `<resource>:<action>` or `<resource>:*`, word characters only. */
export const scopePattern = /^\w+:\w+$|^\w+:\*$/;

/** A comparison reference: `scan.N` or `tag.KEY=VALUE`. */
export const scanRefPattern = /^(scan\.\d+|tag\.\w+=[^\s=]+)$/;

/** A scan's `version`: a commit SHA or the `--version-id` given to the analyser (printable, no spaces). */
export const scanVersionPattern = /^[\x21-\x7e]{1,128}$/;
/** A scan tag as `scans check --tag` and `sandbox scan --tag` take it: `KEY=VALUE`. */
export const scanTagPattern = /^(\w+)=(\S{1,200})$/;
export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a bearer token can hold in an HTTP header: visible ASCII, no space or control character. */
export const tokenPattern = /^[\x21-\x7e]+$/;

/** Kinds of organization token: `access` (CI) or `integration`. */
export const tokenTypes = ['access', 'integration'] as const;
/** Organization roles assignable to a user (UpdateOrgUser, ProvisionSAMLUsers). */
export const orgRoles = ['SUPER_ADMIN', 'POWER_USER', 'MEMBER', 'GUEST', 'TEAM_DEFINED'] as const;
/** Sign-in providers a non-admin may use (organization configuration). */
export const authProviders = ['google', 'github', 'username-password', 'sl-saml2'] as const;
export const trainingProviders = ['kontra', 'secure-code-warrior'] as const;
/**
 * The events a webhook may subscribe to, as the specification documents them (Events: `scan.finished`):
 * `webhook set --event` accepts these, and the sandbox offers and accepts these (GetAlertingEvents).
 */
export const webhookEvents = ['scan.finished'] as const;
/** How webhook deliveries are authenticated. */
export const webhookAuthTypes = ['hmac', 'bearer'] as const;
/** What a cloud-platform enrollment covers, and the level its configuration is read from. */
export const enrollmentKinds = ['SAST', 'SCA'] as const;
export const enrollmentScopes = ['compound', 'organization'] as const;
export const reportFormats = ['html', 'pdf'] as const;
/**
 * The OWASP Top 10 editions the specification gives the service's reports and counts by: the `year` of the
 * Detailed OWASP report (`reports owasp --year`) and the keys of a scan's counts by OWASP category. The vendor
 * document also names 2025, whose categories the specification describes nowhere: neither side offers it.
 */
export const owaspYears = ['2017', '2021'] as const;
export type OwaspYear = (typeof owaspYears)[number];

/** A SAML configuration's name (also its id): letters, digits, hyphen and underscore, 1 to 255. */
export const samlConfigNamePattern = /^[\w-]{1,255}$/;
