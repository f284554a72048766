// `npm run demo`: starts `secscan sandbox` on a free port with a throw-away config directory, runs real
// commands against it as a user would, and stops it. Every command is shown before its output.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const bin = fileURLToPath(new URL('../bin/secscan.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'secscan-demo-'));
const usersFile = join(dir, 'users.json');
const env = {
  ...process.env,
  SECSCAN_CONFIG_DIR: join(dir, 'config'),
  // The journals of its findings changes go with the demo's directory, not the user's state directory.
  SECSCAN_STATE_DIR: join(dir, 'state'),
  FORCE_COLOR: process.stdout.isTTY ? '1' : '0',
};
for (const key of [
  'SECSCAN_TOKEN',
  'SECSCAN_BASE_URL',
  'SECSCAN_ORG_ID',
  'SECSCAN_PROFILE',
  'SHIFTLEFT_ACCESS_TOKEN',
]) {
  delete env[key];
}

const sandbox = spawn(process.execPath, [bin, 'sandbox', '--profile', 'demo', '--users-file', usersFile], {
  env,
  stdio: ['ignore', 'pipe', 'inherit'],
});
const settings = {};
const lines = createInterface({ input: sandbox.stdout });
await new Promise((resolve, reject) => {
  sandbox.once('exit', (code) => reject(new Error(`the sandbox exited early (${code})`)));
  lines.on('line', (line) => {
    const [key, ...rest] = line.split('=');
    settings[key] = rest.join('=');
    if (Object.keys(settings).length === 3) resolve();
  });
});
sandbox.removeAllListeners('exit');

// Bold on a terminal only: a demo written to a file (or a pipe) reads without escape codes.
const bold = process.stdout.isTTY && !process.env.NO_COLOR;
const heading = (text) => console.log(bold ? `\n\x1b[1m== ${text}\x1b[0m` : `\n== ${text}`);
/** Runs a command as a user would and shows it; an exit code other than the one expected fails the demo. */
function secscan(args, extraEnv = {}, expected = 0) {
  console.log(`\n$ secscan ${args.map((a) => (/[\s"'{}]/.test(a) ? `'${a}'` : a)).join(' ')}`);
  const res = spawnSync(process.execPath, [bin, ...args], {
    env: { ...env, ...extraEnv },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (res.status !== 0) console.log(`(exit code ${res.status})`);
  if (res.status !== expected) {
    unexpected.push(`secscan ${args.join(' ')}: exit ${res.status}, expected ${expected}`);
  }
  return res.status;
}

const unexpected = [];
let failed = false;
try {
  console.log(`Sandbox running at ${settings.SECSCAN_BASE_URL} (organization ${settings.SECSCAN_ORG_ID}).`);
  console.log('Its settings are stored as profile "demo", the current profile.');
  const users = JSON.parse(readFileSync(usersFile, 'utf8'));

  heading('Who am I, and what may I do?');
  secscan(['whoami']);
  secscan(['auth', 'status']);

  heading('Tokens and roles');
  secscan(['tokens', 'list']);
  secscan(['roles', 'list', '--access-token']);
  secscan(['roles', 'list', '--fields', 'name,role_type,scope_count']);

  heading('Create a CI token, use it, revoke it');
  const ciRole = users.roles?.ci;
  secscan(['tokens', 'create', '--label', 'demo pipeline', '--role', ciRole, '--valid-for', '1h']);
  secscan(['tokens', 'list', '-o', 'json', '--fields', 'id,label,token_type']);

  heading('A custom role');
  secscan([
    'roles',
    'create',
    '--name',
    'Demo triage',
    '--scope',
    'findings:list,findings:read',
    '--type',
    'organization',
  ]);

  heading('Scripting: tab-separated when piped, JSON on request, raw API calls');
  secscan(['roles', 'list', '-o', 'csv', '--fields', 'name,role_type,scope_count']);
  secscan(['api', 'GET', '/orgs/{orgID}/roles']);
  secscan(['api', 'ReadOrgConfig']);

  heading('Triage findings: list, show, fix with a comment, export SARIF');
  secscan([
    'findings',
    'list',
    '--app',
    'shiftleft-java-demo',
    '--severity',
    'critical',
    '--severity',
    'high',
  ]);
  // A critical finding still open (status unset): the change below changes it, rather than "0 changed".
  const open = spawnSync(
    process.execPath,
    [
      bin,
      ...['findings', 'list', '--app', 'shiftleft-java-demo', '--severity', 'critical', '--status', 'unset'],
      ...['--limit', '1', '-o', 'json'],
    ],
    { env },
  );
  const id = String(JSON.parse(open.stdout.toString())[0]?.id ?? '');
  if (!id) throw new Error('the sandbox has no open critical finding of shiftleft-java-demo to fix');
  secscan(['findings', 'show', '--app', 'shiftleft-java-demo', id]);
  secscan([
    'findings',
    'status',
    '--app',
    'shiftleft-java-demo',
    '--set',
    'fixed',
    '--comment',
    'Fixed in 2.4',
    id,
  ]);
  secscan(['findings', 'comment', 'list', '--app', 'shiftleft-java-demo', id]);
  {
    console.log("\n$ secscan findings list --status any --all -o sarif | jq '.runs[0].results | length'");
    const sarif = spawnSync(
      process.execPath,
      [bin, 'findings', 'list', '--status', 'any', '--all', '-o', 'sarif'],
      { env },
    );
    console.log(JSON.parse(sarif.stdout.toString()).runs[0].results.length);
  }

  heading('Gate a merge in CI: scans check and scans compare');
  const rulesFile = join(dir, 'rules.yml');
  writeFileSync(
    rulesFile,
    'rules:\n  - id: no-new-critical\n    tags:\n      severity: [critical]\n    threshold: 0\n' +
      '  - id: few-new-high\n    tags:\n      severity: [high]\n    threshold: 2\n',
  );
  const ci = { SECSCAN_TOKEN: users.tokens.ci };
  secscan(['compounds', 'list', '--all']);
  secscan(
    ['scans', 'check', '--compound', 'shop', '--rules', rulesFile, '--target-branch', 'main', '-o', 'table'],
    ci,
  );
  secscan(
    [
      'scans',
      'check',
      '--compound',
      'shop',
      '--rules',
      rulesFile,
      '--target-branch',
      'feature/checkout',
      '--source-branch',
      'main',
      '-o',
      'table',
      '--report-junit',
      join(dir, 'junit.xml'),
    ],
    ci,
    1,
  );
  secscan(
    [
      'scans',
      'compare',
      '--app',
      'payments-api',
      '--source-branch',
      'main',
      '--target-branch',
      'feature/checkout',
      '--fail-on',
      'new',
      '--severity-threshold',
      'high',
      '-o',
      'table',
    ],
    {},
    1,
  );

  heading('Drive the sandbox: a new critical finding fails the next gate');
  secscan(['sandbox', 'scan', '--app', 'shiftleft-java-demo', '--new', 'critical=1']);
  secscan(
    ['scans', 'check', '--compound', 'shiftleft-java-demo', '--rules', rulesFile, '-o', 'table'],
    ci,
    1,
  );

  heading('Access as code: teams, groups and users');
  secscan(['teams', 'list']);
  secscan(['groups', 'list']);
  secscan(['users', 'list', '--email', 'guest@initech.example']);
  {
    const accessFile = join(dir, 'access.yml');
    console.log(`\n$ secscan teams export > ${accessFile}   # then promote the guest of Platform`);
    const exported = spawnSync(process.execPath, [bin, 'teams', 'export'], { env });
    writeFileSync(
      accessFile,
      exported.stdout
        .toString()
        .replace('guest@initech.example: TEAM_GUEST', 'guest@initech.example: TEAM_MEMBER'),
    );
    secscan(['teams', 'apply', accessFile, '--dry-run']);
  }

  heading('Organization settings and stored gate policies');
  secscan(['org', 'config', 'show']);
  secscan(['policies', 'list']);

  heading('Backups, made for cron');
  secscan(['backups', 'list']);
  secscan(['backups', 'download', '--dir', join(dir, 'backups'), '--keep', '3']);

  heading('Errors are one line with a stable exit code');
  const guest = users.users.find((u) => u.role === 'GUEST' || u.role === 'Guest');
  secscan(['tokens', 'list'], { SECSCAN_TOKEN: guest.token }, 4);
  secscan(['tokens', 'create', '--label', 'x', '--role', ciRole, '--valid-for', 'soon'], {}, 2);
  secscan(['help', 'exit-codes']);
} catch (error) {
  failed = true;
  console.error(`demo failed: ${error.message}`);
} finally {
  sandbox.kill('SIGINT');
  await new Promise((resolve) => sandbox.once('exit', resolve));
  rmSync(dir, { recursive: true, force: true });
}
console.log(
  '\nThe sandbox is stopped. Run it yourself with `secscan sandbox --profile demo` and try any command.',
);
for (const line of unexpected) console.error(`demo: unexpected exit code: ${line}`);
process.exitCode = failed || unexpected.length ? 1 : 0;
