// `npm run bench:findings`: lists the findings of one app from `secscan sandbox --findings N`.
// 1. Speed, with `sandbox --latency 50` at 10,000 findings (BENCH_LATENCY_SIZE), BENCH_ROUNDS interleaved
//    rounds (default 5), medians: `findings list --all -o ndjson`
//    as it runs (pages requested ahead), strictly page by page (SECSCAN_PAGE_AHEAD=0, the behaviour before),
//    and a bash loop of curl + jq following next_page (what users write today); ratios of one run.
// 2. Memory, without latency: the peak RSS (GNU time) of `--all -o ndjson|csv|json|sarif` at 1,000, 10,000
//    and 100,000 findings (BENCH_SIZES, BENCH_FORMATS); and of `-o table` at the largest size, to a file and
//    on an 80-column terminal (through `script`, not paged): its columns sized from the first 250 rows.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bin, startSandbox as startBench } from './sandbox.mjs';

const app = 'shiftleft-java-demo';
const latencySize = Number(process.env.BENCH_LATENCY_SIZE ?? 10000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const sizes = (process.env.BENCH_SIZES ?? '1000,10000,100000').split(',').filter(Boolean).map(Number);
const formats = (process.env.BENCH_FORMATS ?? 'ndjson,csv,json,sarif').split(',');
const dir = mkdtempSync(join(tmpdir(), 'secscan-bench-'));
// Targets of issue 24: ahead <= 0.5x page by page and <= 0.2x curl + jq; streamed formats <= 90 MiB, flat.
const targets = { vsSequential: 0.5, vsCurl: 0.2, rssMiB: 90, growth: 1.25, tableMiB: 150 };

for (const tool of ['curl', 'jq', '/usr/bin/time']) {
  if (spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0) {
    console.error(`bench: ${tool} is missing (apt-get install -y curl jq time)`);
    process.exit(2);
  }
}

function startSandbox(findings, extra = []) {
  return startBench(['--findings', String(findings), ...extra], {
    ...process.env,
    SECSCAN_CONFIG_DIR: join(dir, 'sandbox'),
  });
}

/** Runs a command under GNU time: wall seconds, peak RSS in MiB, output lines. */
function measure(command, env) {
  const out = join(dir, 'out');
  const timeFile = join(dir, 'time');
  const started = process.hrtime.bigint();
  const res = spawnSync('/usr/bin/time', ['-f', '%M', '-o', timeFile, 'bash', '-c', `${command} > ${out}`], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'ignore'],
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (res.status !== 0) throw new Error(`${command} exited ${res.status}`);
  const rssMiB = Number(readFileSync(timeFile, 'utf8').trim().split('\n').pop()) / 1024;
  const bytes = statSync(out).size;
  const lines = bytes ? readFileSync(out, 'utf8').split('\n').filter(Boolean).length : 0;
  return { seconds, rssMiB, bytes, lines };
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

const list = (format) => `node ${bin} findings list --app ${app} --status any --all -o ${format}`;
const warm = (env) => measure(`node ${bin} findings list --app ${app} --limit 10 -o ndjson`, env);
const fmt = (n, d = 1) => n.toFixed(d);
const failures = [];
const speed = {};
const memory = [];
try {
  {
    const { child, settings } = await startSandbox(latencySize, ['--latency', '50']);
    try {
      const env = { ...settings, SECSCAN_CONFIG_DIR: join(dir, 'config') };
      warm(env); // the sandbox's query cache, as a second run would find it
      const runs = {
        ahead: () => measure(list('ndjson'), env),
        sequential: () => measure(list('ndjson'), { ...env, SECSCAN_PAGE_AHEAD: '0' }),
        curl: () => measure(`bash ${loop}`, env),
      };
      // Interleaved rounds, medians: a busy machine slows whichever ran at the wrong moment.
      const seconds = { ahead: [], sequential: [], curl: [] };
      for (let round = 0; round < rounds; round++) {
        for (const [name, run] of Object.entries(runs)) {
          const r = run();
          if (r.lines !== latencySize) throw new Error(`${name}: ${r.lines} findings, not ${latencySize}`);
          seconds[name].push(r.seconds);
        }
      }
      for (const [name, xs] of Object.entries(seconds))
        speed[name] = { seconds: [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] };
    } finally {
      child.kill('SIGINT');
    }
  }
  for (const size of sizes) {
    const { child, settings } = await startSandbox(size);
    try {
      const env = { ...settings, SECSCAN_CONFIG_DIR: join(dir, 'config') };
      warm(env);
      const row = { size };
      for (const format of formats) row[format] = measure(list(format), env).rssMiB;
      if (size === Math.max(...sizes)) {
        const table = `node ${bin} --no-pager findings list --app ${app} --status any --all -o table`;
        row.table = measure(table, env).rssMiB;
        const terminal = `script -qec ${JSON.stringify(`stty cols 80 rows 50; ${table}`)} /dev/null`;
        row.tableTerminal = measure(terminal, { ...env, TERM: 'xterm-256color' }).rssMiB;
      }
      memory.push(row);
    } finally {
      child.kill('SIGINT');
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const { ahead, sequential, curl } = speed;
console.log(
  `\nfindings list --all -o ndjson, ${latencySize} findings, sandbox --latency 50 (${rounds} rounds, medians)`,
);
console.log(`  pages ahead (default)       ${fmt(ahead.seconds, 2).padStart(7)} s`);
console.log(`  page by page (AHEAD=0)      ${fmt(sequential.seconds, 2).padStart(7)} s`);
console.log(`  curl + jq loop              ${fmt(curl.seconds, 2).padStart(7)} s`);
const vsSequential = ahead.seconds / sequential.seconds;
const vsCurl = ahead.seconds / curl.seconds;
console.log(`  ratio to page by page ${fmt(vsSequential, 3)}x (target <= ${targets.vsSequential}x)`);
console.log(`  ratio to curl + jq    ${fmt(vsCurl, 3)}x (target <= ${targets.vsCurl}x)`);
if (vsSequential > targets.vsSequential) failures.push(`${fmt(vsSequential, 2)}x the page-by-page time`);
if (vsCurl > targets.vsCurl) failures.push(`${fmt(vsCurl, 3)}x the curl + jq time`);

console.log(`\npeak RSS MiB of --all -o FORMAT (no latency)`);
console.log(`${'findings'.padStart(8)}  ${formats.map((f) => f.padStart(7)).join('  ')}`);
for (const row of memory) {
  console.log(
    `${String(row.size).padStart(8)}  ${formats.map((f) => fmt(row[f], 0).padStart(7)).join('  ')}`,
  );
}
const smallest = memory[0];
const largest = memory.at(-1);
for (const format of largest ? formats.filter((f) => f !== 'sarif') : []) {
  if (largest[format] > targets.rssMiB)
    failures.push(`-o ${format}: ${fmt(largest[format], 0)} MiB at ${largest.size}`);
  if (memory.length > 1 && largest[format] > smallest[format] * targets.growth)
    failures.push(`-o ${format} grows from ${fmt(smallest[format], 0)} to ${fmt(largest[format], 0)} MiB`);
}
if (largest?.table !== undefined) {
  console.log(
    `\n-o table at ${largest.size} findings: ${fmt(largest.table, 0)} MiB to a file, ` +
      `${fmt(largest.tableTerminal, 0)} MiB on an 80-column terminal (target <= ${targets.tableMiB} MiB)`,
  );
  if (Math.max(largest.table, largest.tableTerminal) > targets.tableMiB)
    failures.push(
      `-o table: ${fmt(Math.max(largest.table, largest.tableTerminal), 0)} MiB at ${largest.size}`,
    );
}
console.log(failures.length ? `\nMISSED: ${failures.join('; ')}` : '\nAll targets met.');
process.exitCode = failures.length ? 1 : 0;
