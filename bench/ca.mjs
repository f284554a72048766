// `npm run bench:ca`: the cost of a CA file (SECSCAN_CA_FILE, or a profile's ca_file) against `secscan
// sandbox --tls`. Each case runs with the sandbox's CA given to secscan as SECSCAN_CA_FILE, and with the
// same CA trusted by Node itself (NODE_EXTRA_CA_CERTS, read once at start: no CA file for secscan), paired
// and interleaved over BENCH_ROUNDS rounds (default 21), medians. Cases: `apps list` (one connection) and
// `findings list --all -o ndjson` over 2,000 findings (8 pages, several connections as pages are asked for
// ahead), and `teams export` (the teams read a few at a time). Target (issues 24, 33): a CA file costs at
// most 1.05x.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { bin } from './sandbox.mjs';

const rounds = Number(process.env.BENCH_ROUNDS ?? 21);
const target = 1.05;
const dir = mkdtempSync(join(tmpdir(), 'secscan-bench-ca-'));
const base = { ...process.env, SECSCAN_CONFIG_DIR: join(dir, 'config'), SECSCAN_STATE_DIR: dir };
for (const key of ['SECSCAN_CA_FILE', 'NODE_EXTRA_CA_CERTS', 'SECSCAN_PROFILE']) delete base[key];

const child = spawn(process.execPath, [bin, 'sandbox', '--port', '0', '--tls', '--findings', '2000'], {
  stdio: ['ignore', 'pipe', 'ignore'],
  env: base,
});
const settings = {};
await new Promise((resolve, reject) => {
  child.once('exit', (code) => reject(new Error(`the sandbox exited (${code})`)));
  createInterface({ input: child.stdout }).on('line', (line) => {
    const [key, ...rest] = line.split('=');
    settings[key] = rest.join('=');
    if (settings.SECSCAN_CA_FILE) resolve();
  });
});
child.removeAllListeners('exit');
const { SECSCAN_CA_FILE: caFile, ...service } = settings;
const envs = {
  SECSCAN_CA_FILE: { ...base, ...service, SECSCAN_CA_FILE: caFile },
  NODE_EXTRA_CA_CERTS: { ...base, ...service, NODE_EXTRA_CA_CERTS: caFile },
};
const cases = {
  'apps list': [bin, 'apps', 'list', '-o', 'json'],
  'findings list --all (2,000)': [
    bin,
    'findings',
    'list',
    '--app',
    'shiftleft-java-demo',
    '--status',
    'any',
    '--all',
    '-o',
    'ndjson',
  ],
  // Many connections at once (teams read a few at a time): the TLS context is built once, not per socket.
  'teams export': [bin, 'teams', 'export', '-o', 'json'],
};

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const times = {};
try {
  for (let round = 0; round < rounds; round++) {
    for (const [name, args] of Object.entries(cases)) {
      for (const [trust, env] of Object.entries(envs)) {
        const started = process.hrtime.bigint();
        const res = spawnSync(process.execPath, args, { stdio: 'ignore', env });
        if (res.status !== 0) throw new Error(`${name} with ${trust} exited ${res.status}`);
        (times[`${name}|${trust}`] ??= []).push(Number(process.hrtime.bigint() - started) / 1e6);
      }
    }
  }
} finally {
  child.kill('SIGINT');
  rmSync(dir, { recursive: true, force: true });
}

let ok = true;
console.log(`rounds: ${rounds}, node ${process.version}`);
console.log('case                           SECSCAN_CA_FILE  NODE_EXTRA_CA_CERTS   ratio  target');
for (const name of Object.keys(cases)) {
  const withFile = median(times[`${name}|SECSCAN_CA_FILE`]);
  const without = median(times[`${name}|NODE_EXTRA_CA_CERTS`]);
  const ratio = withFile / without;
  if (ratio > target) ok = false;
  console.log(
    `${name.padEnd(30)} ${withFile.toFixed(0).padStart(12)} ms ${without.toFixed(0).padStart(16)} ms  ${ratio.toFixed(2)}x  <= ${target}x`,
  );
}
console.log(ok ? 'within target' : 'OVER TARGET');
process.exitCode = ok ? 0 : 1;
