// `npm run bench:findings`: lists the findings of one app from `secscan sandbox --findings N` with
// `secscan findings list --all -o ndjson`, and with a bash loop of curl + jq following next_page (what users
// write today). Reports wall time and the secscan process's peak RSS (GNU time) at 10,000 and 100,000
// findings, and the peak RSS of `-o sarif` and `-o table` (to a file, and on an 80-column terminal through
// `script`, not paged) at 100,000.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bin, startSandbox as startBench } from './sandbox.mjs';

const app = 'shiftleft-java-demo';
const sizes = (process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number);
const dir = mkdtempSync(join(tmpdir(), 'secscan-bench-'));
const targets = { speedup: 2, rssMb: 150, sarifMb: 300, tableMb: 150 };

for (const tool of ['curl', 'jq', '/usr/bin/time']) {
  if (spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0) {
    console.error(`bench: ${tool} is missing (apt-get install -y curl jq time)`);
    process.exit(2);
  }
}

function startSandbox(findings) {
  return startBench(['--findings', String(findings)], {
    ...process.env,
    SECSCAN_CONFIG_DIR: join(dir, 'sandbox'),
  });
}

/** Runs a command under GNU time: wall seconds, peak RSS in MB, output bytes. */
function measure(command, env) {
  const out = join(dir, 'out');
  const timeFile = join(dir, 'time');
  const started = process.hrtime.bigint();
  const res = spawnSync('/usr/bin/time', ['-f', '%M', '-o', timeFile, 'bash', '-c', `${command} > ${out}`], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (res.status !== 0) throw new Error(`${command} exited ${res.status}`);
  const rssMb = Number(readFileSync(timeFile, 'utf8').trim().split('\n').pop()) / 1024;
  const bytes = statSync(out).size;
  const lines = bytes ? readFileSync(out, 'utf8').split('\n').filter(Boolean).length : 0;
  return { seconds, rssMb, bytes, lines };
}

const loop = join(dir, 'loop.sh');
writeFileSync(
  loop,
  `#!/usr/bin/env bash
# What users write today: follow next_page with curl and jq.
set -euo pipefail
url="$SECSCAN_BASE_URL/api/v4/orgs/$SECSCAN_ORG_ID/apps/${app}/findings?status=any&per_page=250"
while [ -n "$url" ]; do
  page=$(curl -sSf -H "Authorization: Bearer $SECSCAN_TOKEN" "$url")
  jq -c '.response.findings[]?' <<<"$page"
  url=$(jq -r '.next_page // empty' <<<"$page")
done
`,
  { mode: 0o755 },
);

const results = [];
try {
  for (const size of sizes) {
    const { child, settings } = await startSandbox(size);
    try {
      const env = { ...settings, SECSCAN_CONFIG_DIR: join(dir, 'config') };
      const list = `node ${bin} findings list --app ${app} --status any --all -o ndjson`;
      measure(`node ${bin} findings list --app ${app} --limit 10 -o ndjson`, env); // warm the sandbox's query cache, as a second run would
      const cli = measure(list, env);
      const shell = measure(`bash ${loop}`, env);
      const row = { size, cli, shell };
      if (size === Math.max(...sizes)) {
        row.sarif = measure(`node ${bin} findings list --app ${app} --status any --all -o sarif`, env);
        const table = `node ${bin} --no-pager findings list --app ${app} --status any --all -o table`;
        row.table = measure(table, env);
        // On a terminal: sized to 80 columns from the first rows, the rest streamed.
        row.tableTerminal = measure(
          `script -qec ${JSON.stringify(`stty cols 80 rows 50; ${table}`)} /dev/null`,
          {
            ...env,
            TERM: 'xterm-256color',
          },
        );
        // A header, the rows (a terminal's output also has the column notice on stderr).
        if (row.table.lines !== size + 1) throw new Error(`-o table printed ${row.table.lines} lines`);
      }
      results.push(row);
      if (cli.lines !== size || shell.lines !== size) {
        throw new Error(
          `expected ${size} findings, got ${cli.lines} (secscan) and ${shell.lines} (curl + jq)`,
        );
      }
    } finally {
      child.kill('SIGINT');
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const fmt = (n, d = 1) => n.toFixed(d);
console.log('\nfindings  secscan s  curl+jq s  speed-up  secscan peak RSS MB  sarif peak RSS MB  sarif MB');
for (const r of results) {
  console.log(
    `${String(r.size).padStart(8)}  ${fmt(r.cli.seconds).padStart(9)}  ${fmt(r.shell.seconds).padStart(9)}  ` +
      `${fmt(r.shell.seconds / r.cli.seconds).padStart(7)}x  ${fmt(r.cli.rssMb, 0).padStart(19)}  ` +
      `${r.sarif ? fmt(r.sarif.rssMb, 0).padStart(17) : ' '.repeat(17)}  ${r.sarif ? fmt(r.sarif.bytes / 1e6) : ''}`,
  );
}
const big = results.at(-1);
const small = results[0];
const failures = [];
if (big.shell.seconds / big.cli.seconds < targets.speedup)
  failures.push(`speed-up below ${targets.speedup}x`);
for (const r of results)
  if (r.cli.rssMb > targets.rssMb) failures.push(`peak RSS ${fmt(r.cli.rssMb, 0)} MB at ${r.size}`);
if (results.length > 1 && big.cli.rssMb > small.cli.rssMb * 1.25)
  failures.push('peak RSS grows with the number of findings');
if (big.sarif && big.sarif.rssMb > targets.sarifMb)
  failures.push(`SARIF peak RSS ${fmt(big.sarif.rssMb, 0)} MB`);
if (big.table) {
  console.log(
    `\n-o table at ${big.size} findings: peak RSS ${fmt(big.table.rssMb, 0)} MB to a file, ` +
      `${fmt(big.tableTerminal.rssMb, 0)} MB on an 80-column terminal (target <= ${targets.tableMb} MB)`,
  );
  for (const [where, r] of [
    ['to a file', big.table],
    ['on a terminal', big.tableTerminal],
  ])
    if (r.rssMb > targets.tableMb) failures.push(`-o table peak RSS ${fmt(r.rssMb, 0)} MB ${where}`);
}
console.log(failures.length ? `\nFAILED: ${failures.join('; ')}` : '\nAll targets met.');
process.exitCode = failures.length ? 1 : 0;
