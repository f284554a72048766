// `npm run bench:stats`: `secscan stats -o json` over an organization of `secscan sandbox --apps N` (500 by
// default, BENCH_APPS), against the vendor-script way (stats.py): list the apps, then one request per app,
// one after the other (Python's urllib, one connection each), summing the same counts. Both must give the
// same numbers. Run twice: on loopback as it is, where the sandbox's own work is all there is to wait for,
// and with 20 ms added to every answer (`--latency 20`, a service across a network; BENCH_LATENCY lists
// the cases). Reports wall time (median of BENCH_ROUNDS runs, default 5, interleaved) and secscan's peak RSS
// (GNU time). Targets: secscan within 5 seconds in every case; with latency, at least 2x faster than the
// loop (requests overlap: --concurrency 4).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bin, startSandbox } from './sandbox.mjs';

const apps = Number(process.env.BENCH_APPS ?? 500);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const latencies = (process.env.BENCH_LATENCY ?? '0,20').split(',').map(Number);
const targets = { seconds: 5, speedup: 2 };
const dir = mkdtempSync(join(tmpdir(), 'secscan-bench-stats-'));

for (const tool of ['python3', '/usr/bin/time']) {
  if (spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0) {
    console.error(`bench: ${tool} is missing (apt-get install -y python3 time)`);
    process.exit(2);
  }
}

const loop = join(dir, 'stats.py');
writeFileSync(
  loop,
  `# What the vendor's stats.py does: one request per app, one at a time.
import json, os, urllib.request
base = os.environ["SECSCAN_BASE_URL"] + "/api/v4/orgs/" + os.environ["SECSCAN_ORG_ID"]
headers = {"Authorization": "Bearer " + os.environ["SECSCAN_TOKEN"]}
def get(path):
    with urllib.request.urlopen(urllib.request.Request(base + path, headers=headers)) as res:
        return json.load(res)["response"]
rows = []
for app in get("/apps"):
    counts = get("/apps/" + app["id"] + "/findings?only_counts=true").get("counts") or []
    row = {"app": app["id"], "critical": 0, "high": 0, "medium": 0, "low": 0, "total": 0}
    for c in counts:
        if c.get("key") == "severity":
            row[c["value"]] = row.get(c["value"], 0) + c["count"]
            row["total"] += c["count"]
    rows.append(row)
print(json.dumps(rows))
`,
);

function run(command, env) {
  const timeFile = join(dir, 'time');
  const started = process.hrtime.bigint();
  const res = spawnSync('/usr/bin/time', ['-f', '%M', '-o', timeFile, ...command], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (res.status !== 0) throw new Error(`${command.join(' ')} exited ${res.status}`);
  const rssMb = Number(readFileSync(timeFile, 'utf8').trim().split('\n').pop()) / 1024;
  return { seconds, rssMb, out: JSON.parse(res.stdout.toString()) };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Both ways over one sandbox with `latency` ms added to every answer; the numbers must agree. */
async function measure(latency) {
  const { child, settings } = await startSandbox(['--apps', String(apps), '--latency', String(latency)], {
    ...process.env,
    SECSCAN_CONFIG_DIR: join(dir, 'sandbox'),
  });
  const cli = [];
  const python = [];
  let rss = 0;
  try {
    const env = { ...settings, SECSCAN_CONFIG_DIR: join(dir, 'config') };
    for (let i = 0; i < rounds; i++) {
      const a = run([process.execPath, bin, 'stats', '-o', 'json'], env);
      const b = run(['python3', loop], env);
      cli.push(a.seconds);
      python.push(b.seconds);
      rss = Math.max(rss, a.rssMb);
      const mine = a.out.filter((r) => !r.is_total);
      const theirs = new Map(b.out.map((r) => [r.app, r]));
      if (mine.length !== apps + 5 || theirs.size !== apps + 5) {
        throw new Error(`expected ${apps + 5} apps, got ${mine.length} (secscan) and ${theirs.size} (loop)`);
      }
      for (const row of mine) {
        const other = theirs.get(row.app);
        for (const key of ['critical', 'high', 'medium', 'low', 'total']) {
          if (other?.[key] !== row[key]) throw new Error(`${row.app} ${key}: ${row[key]} vs ${other?.[key]}`);
        }
      }
    }
  } finally {
    child.kill('SIGINT');
  }
  return { latency, secscan: median(cli), loop: median(python), rss };
}

const results = [];
try {
  for (const latency of latencies) results.push(await measure(latency));
} finally {
  rmSync(dir, { recursive: true, force: true });
}

console.log(`\napps  latency ms  secscan s  loop s  speed-up  secscan peak RSS MB`);
const failures = [];
for (const r of results) {
  console.log(
    `${String(apps + 5).padStart(4)}  ${String(r.latency).padStart(10)}  ${r.secscan.toFixed(2).padStart(9)}  ` +
      `${r.loop.toFixed(2).padStart(6)}  ${(r.loop / r.secscan).toFixed(1).padStart(7)}x  ${r.rss.toFixed(0).padStart(19)}`,
  );
  if (r.secscan > targets.seconds)
    failures.push(
      `secscan took ${r.secscan.toFixed(2)} s with ${r.latency} ms (target ${targets.seconds} s)`,
    );
  if (r.latency > 0 && r.loop / r.secscan < targets.speedup)
    failures.push(`speed-up below ${targets.speedup}x with ${r.latency} ms`);
}
console.log(failures.length ? `\nFAILED: ${failures.join('; ')}` : '\nAll targets met.');
process.exitCode = failures.length ? 1 : 0;
