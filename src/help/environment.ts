/**
 * Every environment variable secscan reads, with what it does: `secscan help environment` and the man page's
 * ENVIRONMENT section. A test reads the source for variables and fails on one missing here.
 */
export const environment: readonly (readonly [string, string])[] = [
  ['SECSCAN_PROFILE', 'The profile to use, like --profile.'],
  [
    'SECSCAN_BASE_URL',
    'The service address, like --base-url (the client adds /api/v4; an address ending in /api/v4 is taken without it). Set but empty, this variable (as SECSCAN_ORG_ID, SECSCAN_TOKEN, SECSCAN_CA_FILE and the SHIFTLEFT_ ones) counts as unset; when a profile then gives the settings, a warning on stderr names the empty variables.',
  ],
  ['SHIFTLEFT_API_HOST', 'A host name used when SECSCAN_BASE_URL is unset; https:// is implied.'],
  ['SECSCAN_ORG_ID', 'The organization id, like --org.'],
  ['SHIFTLEFT_ORG_ID', 'The organization id when SECSCAN_ORG_ID is unset.'],
  [
    'SECSCAN_TOKEN',
    'The API token. There is no flag for it: a token on the command line would end up in the shell history.',
  ],
  ['SHIFTLEFT_ACCESS_TOKEN', 'The API token when SECSCAN_TOKEN is unset.'],
  ['SECSCAN_CONFIG_DIR', 'The configuration directory (profiles, and the completion cache).'],
  [
    'XDG_CONFIG_HOME',
    'When SECSCAN_CONFIG_DIR is unset, the configuration directory is $XDG_CONFIG_HOME/secscan, else ~/.config/secscan.',
  ],
  [
    'SECSCAN_STATE_DIR',
    'The state directory: the journals of findings status and assign (read by findings undo), the CA of secscan sandbox --tls, and the deliveries webhook listen keeps (webhooks/, unless --dir).',
  ],
  [
    'XDG_STATE_HOME',
    'When SECSCAN_STATE_DIR is unset, the state directory is $XDG_STATE_HOME/secscan, else ~/.local/state/secscan.',
  ],
  [
    'SECSCAN_DATA_DIR',
    'The data directory, where secscan sync keeps its default database (secscan.db) when --to is not given.',
  ],
  [
    'XDG_DATA_HOME',
    'When SECSCAN_DATA_DIR is unset, the data directory is $XDG_DATA_HOME/secscan, else ~/.local/share/secscan.',
  ],
  [
    'SECSCAN_SQLITE',
    'wasm makes secscan sync use its WebAssembly SQLite even where Node.js has node:sqlite (both write the same file).',
  ],
  [
    'HOME',
    'The home directory, for ~/.config/secscan, ~/.local/state/secscan, ~/.local/share/secscan and the coding agents’ user settings mcp configure --scope user writes.',
  ],
  [
    'APPDATA',
    'On Windows, where mcp configure --client vscode --scope user finds VS Code’s settings (Code\\User under it; unset, AppData\\Roaming in the home directory).',
  ],
  [
    'CODEX_HOME',
    'Codex’s own directory, where mcp configure --client codex --scope user writes config.toml (unset, ~/.codex).',
  ],
  [
    'SECSCAN_SANDBOX_NOW',
    'The day secscan sandbox dates its demo data from when --now is not given (2026-11-28, or an ISO time with a zone), for a demo or a test that shows the same dates every day; unset or empty, today.',
  ],
  [
    'SECSCAN_WEBHOOK_SECRET',
    'The webhook’s HMAC secret, for webhook listen, verify and replay --resign (--secret-stdin reads it from standard input instead); never a flag.',
  ],
  ['SECSCAN_DEBUG', 'Set to 1 for the same effect as --debug.'],
  [
    'SECSCAN_PAGE_AHEAD',
    'Pages of a list (--all) requested ahead of the one being printed, at most: 8 by default; 1 keeps only the next page in flight; 0 asks for each page once the one before is printed.',
  ],
  [
    'CI',
    'When set (and not false or 0), nothing prompts: a destructive command without --yes fails (so does a change by query of more than 20 findings), and auth login needs --with-token.',
  ],
  [
    'GITHUB_ACTIONS',
    'true (as GitHub Actions sets it): scans check and scans compare --fail-on print an ::error annotation for each finding that fails the gate (the first ten, then a notice) on standard error; and, as under TF_BUILD and GITLAB_CI, nothing the service sent can be a workflow command in the job log.',
  ],
  [
    'TF_BUILD, GITLAB_CI',
    'Set (as Azure Pipelines and GitLab CI set them), like GITHUB_ACTIONS=true: standard output and error are a job log its runner reads for commands, so nothing the service sent can be one (##[, ##vso[ and a line-initial :: neutralised; see secscan help formatting).',
  ],
  [
    'CI_PROJECT_DIR, GITHUB_WORKSPACE',
    'The repository’s root (GitLab and GitHub set them), which report entries about the rules file are relative to; unset, the first directory up with a .git.',
  ],
  [
    'CI_CONFIG_PATH',
    'The CI configuration (GitLab sets it; .gitlab-ci.yml when unset): what a Code Quality entry points at when no file of the repository is at fault (rules from standard input or stored, a report cut by --limit).',
  ],
  [
    'GITHUB_STEP_SUMMARY',
    'With GITHUB_ACTIONS=true, the file the gate appends its Markdown summary to (GitHub sets it for each step).',
  ],
  ['NO_COLOR', 'When set and not empty, no colour.'],
  ['CLICOLOR', 'Set to 0 for no colour.'],
  [
    'FORCE_COLOR',
    'Set to 1 (or any value but 0 and false) to colour even when standard output is not a terminal; 0 or false means no colour, even on a terminal.',
  ],
  ['CLICOLOR_FORCE', 'Like FORCE_COLOR=1 when set and not 0.'],
  ['TERM', 'dumb means no colour, no spinner, no progress line and no pager.'],
  [
    'SECSCAN_PAGER',
    'The pager long output on a terminal goes through (run by the shell, so it may carry options, e.g. less -S); empty or cat means none, like --no-pager. Never used when standard output is not a terminal.',
  ],
  ['PAGER', 'The pager when SECSCAN_PAGER is unset; when neither is set, less.'],
  ['PATH', 'Where the pager named by SECSCAN_PAGER or PAGER (or less) is looked for before it is run.'],
  [
    'LV',
    'Options of the lv pager; when unset, the pager is given LV=-c (keep colours), as git and gh give it.',
  ],
  [
    'LESS',
    'Options of less; when unset, the pager is given LESS=FRX (quit when the text fits one screen, keep colours, leave the text on the screen).',
  ],
  [
    'COLUMNS',
    'The width notices, warnings and errors wrap at on a terminal that does not give its own; 80 when neither does.',
  ],
  [
    'HTTPS_PROXY, HTTP_PROXY, NO_PROXY',
    'The proxy for https and http requests, and the hosts reached directly (lower-case names too).',
  ],
  [
    'SECSCAN_CA_FILE',
    "A file of certificate authorities (PEM) to trust besides the system's, e.g. the CA `secscan sandbox --tls` prints; it comes before the profile's ca_file. TLS verification stays on.",
  ],
  [
    'BROWSER',
    'The command that opens a web address (integrations authorize); a %s in it is replaced by the address.',
  ],
  ['USERPROFILE', 'On Windows, the home directory where auth login --from-sl finds .shiftleft\\config.json.'],
  [
    'SECSCAN_NOW',
    'For tests only: the date (YYYY-MM-DD, or an ISO 8601 time) that stands in for today when deciding whether an entry of the ignore file has expired.',
  ],
  [
    'GITHUB_BASE_REF, CI_MERGE_REQUEST_TARGET_BRANCH_NAME, SYSTEM_PULLREQUEST_TARGETBRANCH, BITBUCKET_PR_DESTINATION_BRANCH',
    'The branch a pull or merge request merges into (GitHub Actions, GitLab CI, Azure Pipelines, Bitbucket Pipelines set them): the first one set is the baseline of a diff gate (scans check) when no --source-branch, --source-scan or rules file names one; when none is set, the default branch is.',
  ],
  [
    'GITHUB_REPOSITORY, GITHUB_EVENT_NAME, GITHUB_EVENT_PATH, GITHUB_REF, GITHUB_SERVER_URL, GITHUB_API_URL',
    'On GitHub Actions, the pull request a comment goes to (scans check --comment, pr comment): the repository, the event (its pull_request, or a workflow_run), the web address of links to files, and the API (GitHub Enterprise: its /api/v3).',
  ],
  [
    'GITHUB_TOKEN, SECSCAN_GITHUB_TOKEN',
    'The token of the pull-request comment on GitHub (SECSCAN_GITHUB_TOKEN first): it needs `pull-requests: write`. Sent to the GitHub API host only.',
  ],
  [
    'GITLAB_CI, CI_API_V4_URL, CI_PROJECT_ID, CI_MERGE_REQUEST_PROJECT_ID, CI_MERGE_REQUEST_IID, CI_COMMIT_SHA, CI_MERGE_REQUEST_SOURCE_BRANCH_SHA, CI_PROJECT_URL, CI_MERGE_REQUEST_SOURCE_PROJECT_URL',
    'On GitLab CI, the merge request a comment goes to, its head commit and the project’s web address for links to files.',
  ],
  [
    'SECSCAN_GITLAB_TOKEN',
    'The token of the merge request comment on GitLab: a project (or personal) access token with the api scope, Reporter role or above (CI_JOB_TOKEN cannot write notes). Sent to CI_API_V4_URL’s host only.',
  ],
  [
    'TF_BUILD, SYSTEM_COLLECTIONURI, SYSTEM_TEAMPROJECT, SYSTEM_TEAMPROJECTID, BUILD_REPOSITORY_ID, SYSTEM_PULLREQUEST_PULLREQUESTID, SYSTEM_PULLREQUEST_SOURCECOMMITID, SYSTEM_PULLREQUEST_ISFORK, BUILD_SOURCEVERSION, BUILD_REPOSITORY_PROVIDER, BUILD_REPOSITORY_URI',
    'On Azure Pipelines, the pull request a comment goes to (its thread), its head commit, whether it comes from a fork, and the repository’s web address for links to files.',
  ],
  [
    'SYSTEM_ACCESSTOKEN',
    'The token of the pull-request comment on Azure DevOps: map $(System.AccessToken) to it in the step; the build service needs "Contribute to pull requests" on the repository.',
  ],
  [
    'BITBUCKET_BUILD_NUMBER, BITBUCKET_WORKSPACE, BITBUCKET_REPO_SLUG, BITBUCKET_PR_ID, BITBUCKET_COMMIT, BITBUCKET_GIT_HTTP_ORIGIN',
    'On Bitbucket Pipelines, the pull request a comment goes to, its head commit and the repository’s web address for links to files.',
  ],
  [
    'SECSCAN_BITBUCKET_TOKEN, SECSCAN_BITBUCKET_API_URL',
    'The token of the pull-request comment on Bitbucket Cloud (a repository access token with pullrequest:write), and its API when not https://api.bitbucket.org/2.0 (the sandbox’s stand-in).',
  ],
  [
    'SECSCAN_SCAN_URL',
    'The address the pull-request comment links the scan under test to, with {base}, {org}, {compound} and {scan} replaced; by default {base}/apps/{compound}?organizationId={org}&scan={scan}. `pr comment --from` keeps a file’s link only on the service’s host or the one this names.',
  ],
  [
    'NODE_EXTRA_CA_CERTS',
    'A file of extra certificate authorities (PEM) to trust, read by Node.js; TLS verification stays on.',
  ],
];
