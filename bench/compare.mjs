// `npm run bench:compare`: this build against another, side by side, on the cases users meet: whether a
// piece of machinery earns its keep (issue 42 §3: each stays only where it saves at least 10% on such a
// case). `BENCH_BASE_BIN` is the other build's `bin/secscan.js` (a checkout with the piece taken away, or
// put back; built with `npm run build` there). Each case runs on both builds in turn, round after round (the
// order swapped every round), against one `secscan sandbox --findings BENCH_FINDINGS` started from this
// build; `BENCH_ROUNDS` rounds (default 11), medians of wall time, CPU time (user + system, GNU time: what
// the build itself spends, steadier than wall time on a shared machine) and peak RSS, with their spread
// (lowest to highest). `BENCH_CASES` picks cases (default all):
//   gate     `scans check` with an ignore file of BENCH_ENTRIES entries (default 500; bench/suppressions.mjs's
//            kinds), whose one rule fails on every open finding, so the gate reads the file and recounts
//   listing  `findings list --app shiftleft-java-demo --status any --all -o ndjson` (every finding of the app)
//   start    `apps list` (a command's start-up and one request)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bin, startSandbox } from './sandbox.mjs';
import { ignoreFile } from './ignore-file.mjs';

const base = process.env.BENCH_BASE_BIN;
if (!base || !existsSync(base)) {
  console.error('bench: set BENCH_BASE_BIN to the bin/secscan.js of the build to compare with');
  process.exit(2);
}
const findings = Number(process.env.BENCH_FINDINGS ?? 10_000);
const entries = Number(process.env.BENCH_ENTRIES ?? 500);
const rounds = Number(process.env.BENCH_ROUNDS ?? 11);
const chosen = (process.env.BENCH_CASES ?? 'gate,listing,start').split(',');
const app = 'shiftleft-java-demo';
const dir = mkdtempSync(join(tmpdir(), 'secscan-bench-compare-'));
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Wall and CPU seconds and peak RSS (MiB) of one run, which must exit `status`. */
function run(binary, argv, env, status) {
  const timeFile = join(dir, 'time');
  const started = process.hrtime.bigint();
  const res = spawnSync(
    '/usr/bin/time',
    ['-f', '%U %S %M', '-o', timeFile, process.execPath, binary, ...argv],
    { env, cwd: dir, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' },
  );
  const wall = Number(process.hrtime.bigint() - started) / 1e9;
  if (res.status !== status)
    throw new Error(`${argv.join(' ')} exited ${res.status}, not ${status}: ${res.stderr}`);
  const [user, system, kb] = readFileSync(timeFile, 'utf8').trim().split('\n').pop().split(' ').map(Number);
  return { wall, cpu: user + system, rss: kb / 1024 };
}

const loadStart = load();
const { child, settings } = await startSandbox(['--findings', String(findings)], {
  ...process.env,
  SECSCAN_CONFIG_DIR: join(dir, 'sandbox'),
});
const results = [];
try {
  const env = { ...process.env, ...settings, SECSCAN_CONFIG_DIR: join(dir, 'config'), NO_COLOR: '1' };
  const cases = [];
  if (chosen.includes('gate')) {
    const scans = spawnSync(
      process.execPath,
      [bin, 'scans', 'list', '--app', app, '--limit', '1', '-o', 'json'],
      { env, encoding: 'utf8' },
    );
    const version = JSON.parse(scans.stdout)[0]?.version;
    if (!version) throw new Error(`no scan to check: ${scans.stderr}`);
    const rules = join(dir, 'rules.yml');
    writeFileSync(
      rules,
      'rules:\n  - id: every-open-finding\n    tags:\n      severity: [critical, high, medium, low]\n    threshold: 0\n',
    );
    const ignore = join(dir, 'ignore.yml');
    writeFileSync(ignore, ignoreFile(entries, app));
    cases.push({
      name: `scans check, an ignore file of ${entries} entries`,
      status: 1,
      argv: [
        'scans',
        'check',
        '--compound',
        app,
        '--rules',
        rules,
        '--version',
        version,
        '--baseline',
        'none',
      ],
      extra: ['--kind', 'single', '-o', 'json', '--ignore-file', ignore],
    });
  }
  if (chosen.includes('listing')) {
    // The sandbox sorts a query's findings on its first page and keeps them: once, not counted.
    spawnSync(process.execPath, [bin, 'findings', 'list', '--app', app, '--status', 'any', '--limit', '10'], {
      env,
    });
    cases.push({
      name: `findings list --all -o ndjson, ${findings.toLocaleString('en-US')} findings`,
      status: 0,
      argv: ['findings', 'list', '--app', app, '--status', 'any', '--all', '-o', 'ndjson'],
    });
  }
  if (chosen.includes('start')) cases.push({ name: 'apps list', status: 0, argv: ['apps', 'list'] });
  for (const c of cases) {
    const argv = [...c.argv, ...(c.extra ?? [])];
    const runs = { this: [], base: [] };
    for (let i = 0; i < rounds; i++) {
      const order = i % 2 ? ['base', 'this'] : ['this', 'base'];
      for (const which of order) runs[which].push(run(which === 'this' ? bin : base, argv, env, c.status));
    }
    results.push({ ...c, runs });
    console.error(`${c.name}: done (load ${load()})`);
  }
} finally {
  child.kill('SIGINT');
  rmSync(dir, { recursive: true, force: true });
}

const stat = (xs) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return { median: median(xs), low: sorted[0], high: sorted.at(-1) };
};
console.log(
  `\nthis build (${bin}) against BENCH_BASE_BIN (${base}); ${rounds} rounds, medians (lowest-highest); ` +
    `load average ${loadStart} at the start and ${load()} at the end, Node ${process.versions.node}\n`,
);
console.log('| case | build | wall s | CPU s | peak RSS MiB |');
console.log('| ---- | ----- | ------ | ----- | ------------ |');
for (const r of results) {
  for (const which of ['this', 'base']) {
    const w = stat(r.runs[which].map((x) => x.wall));
    const c = stat(r.runs[which].map((x) => x.cpu));
    const m = stat(r.runs[which].map((x) => x.rss));
    const cell = (s, d) => `${s.median.toFixed(d)} (${s.low.toFixed(d)}-${s.high.toFixed(d)})`;
    console.log(`| ${r.name} | ${which} | ${cell(w, 3)} | ${cell(c, 2)} | ${cell(m, 0)} |`);
  }
  const ratio = (key) => median(r.runs.this.map((x) => x[key])) / median(r.runs.base.map((x) => x[key]));
  console.log(
    `| ${r.name} | this / base | ${ratio('wall').toFixed(2)}x | ${ratio('cpu').toFixed(2)}x | ${ratio('rss').toFixed(2)}x |`,
  );
}
