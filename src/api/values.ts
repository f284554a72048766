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

/** An app id starts and ends with a letter or digit; `_ : . -` are allowed inside. */
export const appIdPattern = /^[a-zA-Z0-9]([a-zA-Z0-9_:.-]*[a-zA-Z0-9])?$/;

/** `<resource>:<action>` or `<resource>:*`, word characters only. */
export const scopePattern = /^\w+:\w+$|^\w+:\*$/;

/** A comparison reference: `scan.N` or `tag.KEY=VALUE`. */
export const scanRefPattern = /^(scan\.\d+|tag\.\w+=[^\s=]+)$/;

export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
