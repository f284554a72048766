// The release, as a team meets it (issues 28 and 33 §4), measured in one run:
// - start-up of the single executable (secscan-linux-x64) against `node bin/secscan.js`, paired and
//   interleaved, medians compared: `--version` (target <= 1.2x), a help page, and `apps list` against a
//   sandbox;
// - the install step the action and the GitLab template run (install.sh) from the release served over
//   HTTPS on loopback: its wall time (target < 10 s), what it downloads and what it leaves on disk (target
//   < 120 MB), against the install it replaces (`npm ci` of the lockfile: 326 MB of node_modules).
// `npm run bench:release` builds first; BENCH_ROUNDS sets the start-up rounds (default 31).
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bin, startSandbox } from './sandbox.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const rounds = Number(process.env.BENCH_ROUNDS ?? 31);
const temp = mkdtempSync(join(tmpdir(), 'secscan-bench-release-'));
const out = join(root, '.bench-out', 'release');
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;

console.log('making the release (scripts/release.mjs --no-build) ...');
execFileSync(
  process.execPath,
  [join(root, 'scripts/release.mjs'), '--no-build', '--out', out, '--platform', 'linux-x64'],
  {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  },
);
const executable = join(out, 'secscan-linux-x64');
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

// Start-up, paired.
const configDir = join(temp, 'config');
const env = { PATH: process.env.PATH, HOME: join(temp, 'home'), SECSCAN_CONFIG_DIR: configDir };
const { child, settings } = await startSandbox([], { ...process.env, ...env });
const withSandbox = { ...env, ...settings };
const cases = [
  ['--version', ['--version'], env],
  ['scans check --help', ['scans', 'check', '--help'], env],
  ['apps list (sandbox)', ['apps', 'list'], withSandbox],
];
function time(program, args, runEnv) {
  const start = process.hrtime.bigint();
  const r = spawnSync(program, args, { stdio: ['ignore', 'ignore', 'pipe'], env: runEnv });
  if (r.status !== 0) throw new Error(`${program} ${args.join(' ')}: exit ${r.status}: ${r.stderr}`);
  return Number(process.hrtime.bigint() - start) / 1e6;
}
const results = [];
for (const [name, args, runEnv] of cases) {
  const node = [];
  const sea = [];
  time(executable, args, runEnv); // the page cache, for both
  time(process.execPath, [bin, ...args], runEnv);
  for (let i = 0; i < rounds; i++) {
    node.push(time(process.execPath, [bin, ...args], runEnv));
    sea.push(time(executable, args, runEnv));
  }
  results.push({ name, node: median(node), sea: median(sea) });
}
child.kill('SIGINT');

console.log(`\nstart-up, medians of ${rounds} interleaved runs (node ${process.version}):`);
console.log('command                  node bin/secscan.js   secscan-linux-x64   ratio');
for (const r of results) {
  console.log(
    `${r.name.padEnd(24)} ${`${r.node.toFixed(1)} ms`.padStart(19)} ${`${r.sea.toFixed(1)} ms`.padStart(19)} ${(r.sea / r.node).toFixed(2).padStart(7)}x`,
  );
}
const [versionRun] = results;
console.log(`target: --version within 1.2x: ${versionRun.sea / versionRun.node <= 1.2 ? 'met' : 'NOT met'}`);

// The install step, from the release served over HTTPS on loopback (a self-signed certificate curl trusts).
const key = join(temp, 'key.pem');
const cert = join(temp, 'cert.pem');
execFileSync(
  'openssl',
  [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:P-256',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=127.0.0.1',
    '-addext',
    'subjectAltName=IP:127.0.0.1',
    '-keyout',
    key,
    '-out',
    cert,
  ],
  { stdio: 'ignore' },
);
let served = 0;
const server = createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (req, res) => {
  try {
    const body = readFileSync(join(out, (req.url ?? '').replace(/^\/+/, '').replace(/[^\w.-]/g, '')));
    served += body.length;
    res.writeHead(200, { 'content-length': body.length }).end(body);
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `https://127.0.0.1:${server.address().port}`;
const installs = [];
for (let i = 0; i < 5; i++) {
  const prefix = join(temp, `prefix-${i}`);
  mkdirSync(join(temp, `tmp-${i}`));
  served = 0;
  const start = process.hrtime.bigint();
  // Not spawnSync: the server answering it runs in this process.
  await new Promise((resolve, reject) => {
    const c = execFile('sh', [join(root, 'install.sh')], {
      env: {
        PATH: process.env.PATH,
        HOME: join(temp, 'home'),
        TMPDIR: join(temp, `tmp-${i}`),
        PREFIX: prefix,
        SECSCAN_RELEASE_URL: url,
        CURL_CA_BUNDLE: cert,
      },
    });
    c.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`install.sh: exit ${code}`))));
  });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  const disk = Number(execFileSync('du', ['-sb', prefix], { encoding: 'utf8' }).split('\t')[0]);
  installs.push({ ms, served, disk });
}
server.close();
const ms = median(installs.map((i) => i.ms));
const { served: downloaded, disk } = installs[0];
console.log(`\nthe install step (install.sh over HTTPS on loopback, median of ${installs.length}):`);
console.log(`  ${(ms / 1000).toFixed(2)} s, ${mb(downloaded)} downloaded, ${mb(disk)} on disk`);
console.log(
  `  secscan-linux-x64 is ${mb(statSync(executable).size)}; the tarball ${mb(statSync(join(out, `secscan-${version}.tgz`)).size)}`,
);
console.log(
  `target: < 10 s and < 120 MB: ${ms < 10_000 && disk < 120e6 && downloaded < 120e6 ? 'met' : 'NOT met'}`,
);
writeFileSync(join(root, '.bench-out', 'release.json'), JSON.stringify({ results, installs }, null, 1));
rmSync(temp, { recursive: true, force: true });
