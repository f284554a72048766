// `npm run bench:org-rate`: whole-organization commands at the service's rate limit. A sandbox with
// `--apps N --rate-limit R/s --log` (BENCH_CASES, default `5000@50,2000@20`: N apps at R requests a second)
// answers `secscan stats -o json` and `secscan findings list --all -o ndjson` at organization level. The
// sandbox's log counts every request of a run and its answer; the floor is the requests the run needed
// (those answered 2xx) divided by the rate. Reports wall time against that floor (target: within 1.1x), the
// 429 answers (target: at most 1% of the requests) and peak RSS by GNU time. Each command also runs against
// the same organization without a rate limit, in a second sandbox, each of its runs beside a limited one
// (interleaved, each pair in turn one way and the other, so the machine's noise falls on both alike): when
// that alone takes longer than the floor (the sandbox building pages and secscan writing rows, not the
// limit, hold the run), the ratio that meets the target is against it: the limit cost nothing beyond what
// the run costs anyway. Medians over the rounds: BENCH_ROUNDS for `stats` (default 1: a run is 100 s at the
// limit), BENCH_LIST_ROUNDS for the listing (default 5: a run is seconds, and one run's noise on two shared
// cores is ±15%).
// (Pages asked for past a listing's last are counted by test/unit/api/prefetch.test.ts: the log has no query.)
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { bin } from './sandbox.mjs';

const cases = (process.env.BENCH_CASES ?? '5000@50,2000@20').split(',').map((c) => {
  const [apps, rate] = c.split('@').map(Number);
  return { apps, rate };
});
const rounds = {
  stats: Number(process.env.BENCH_ROUNDS ?? 1),
  'findings list --all': Number(process.env.BENCH_LIST_ROUNDS ?? 5),
};
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const commands = {
  stats: ['stats', '-o', 'json'],
  'findings list --all': ['findings', 'list', '--all', '-o', 'ndjson'],
};
const targets = { floor: 1.1, throttled: 0.01 };
const dir = mkdtempSync(join(tmpdir(), 'secscan-bench-org-'));
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

/** A sandbox whose --log lines are kept: each request's method, path and status. */
async function startLogged(args) {
  const child = spawn(process.execPath, [bin, 'sandbox', '--port', '0', '--log', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, SECSCAN_CONFIG_DIR: join(dir, 'sandbox') },
  });
  const requests = [];
  createInterface({ input: child.stderr }).on('line', (line) => {
    const m = /^(GET|POST|PUT|PATCH|DELETE) (\S+) (\d{3}) \d+ms$/.exec(line);
    if (m) requests.push({ path: m[2], status: Number(m[3]) });
  });
  const settings = {};
  await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the sandbox exited (${code})`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      const [key, ...rest] = line.split('=');
      settings[key] = rest.join('=');
      if (Object.keys(settings).length === 3) resolve();
    });
  });
  child.removeAllListeners('exit');
  return { child, settings, requests };
}

/** Runs secscan under GNU time, asynchronously: the sandbox's log is read meanwhile (a pipe left unread
 * would block its writes). */
async function run(argv, env) {
  const timeFile = join(dir, 'time');
  const started = process.hrtime.bigint();
  const child = spawn('/usr/bin/time', ['-f', '%M', '-o', timeFile, process.execPath, bin, ...argv], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const status = await new Promise((resolve) => child.on('exit', resolve));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (status !== 0) throw new Error(`secscan ${argv.join(' ')} exited ${status}: ${stderr}`);
  const rssMb = Number(readFileSync(timeFile, 'utf8').trim().split('\n').pop()) / 1024;
  return { seconds, rssMb };
}

const results = [];
const failures = [];
console.error(`load average ${load()} at the start`);

/** One run of `argv` against `sandbox`, its requests counted from the sandbox's log. */
async function measured(sandbox, argv, rate) {
  // The rate limiter's window starts afresh: the run before is a second behind.
  await new Promise((resolve) => setTimeout(resolve, 1100));
  const env = { ...sandbox.settings, SECSCAN_CONFIG_DIR: join(dir, 'config') };
  const from = sandbox.requests.length;
  const r = await run(argv, env);
  // The log lines of its last answers are read.
  await new Promise((resolve) => setTimeout(resolve, 200));
  const api = sandbox.requests.slice(from).filter((q) => q.path.startsWith('/api/'));
  const needed = api.filter((q) => q.status < 300).length;
  return {
    ...r,
    floor: rate === undefined ? undefined : needed / rate,
    requests: api.length,
    throttled: api.filter((q) => q.status === 429).length,
  };
}

try {
  for (const { apps, rate } of cases) {
    const limited = await startLogged(['--apps', String(apps), '--rate-limit', `${rate}/s`]);
    const free = await startLogged(['--apps', String(apps)]);
    try {
      for (const [name, argv] of Object.entries(commands)) {
        const runs = [];
        const unlimited = [];
        for (let i = 0; i < rounds[name]; i++) {
          // Each round's pair in turn one way and the other: neither run always comes first.
          const u0 = i % 2 ? await measured(free, argv, undefined) : undefined;
          const r = await measured(limited, argv, rate);
          runs.push(r);
          const u = u0 ?? (await measured(free, argv, undefined));
          unlimited.push(u.seconds);
          console.error(
            `${apps} apps at ${rate}/s, ${name}: ${r.seconds.toFixed(1)} s, floor ${r.floor.toFixed(1)} s, ${r.requests} requests, ${r.throttled} answered 429; without a limit ${u.seconds.toFixed(1)} s; load ${load()}`,
          );
        }
        results.push({
          apps,
          rate,
          name,
          rounds: runs.length,
          seconds: median(runs.map((r) => r.seconds)),
          floor: median(runs.map((r) => r.floor)),
          unlimited: median(unlimited),
          requests: Math.max(...runs.map((r) => r.requests)),
          throttled: Math.max(...runs.map((r) => r.throttled)),
          rssMb: Math.max(...runs.map((r) => r.rssMb)),
          load: load(),
        });
      }
    } finally {
      limited.child.kill('SIGINT');
      free.child.kill('SIGINT');
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

console.log(
  `\nmedians of ${rounds.stats} round(s) of stats and ${rounds['findings list --all']} of the listing, each beside a run without a limit; load average ${load()} at the end`,
);
console.log(
  'apps  rate  command               wall s  floor s  unlimited s  ratio  requests  429s  peak RSS MB',
);
for (const r of results) {
  // Against the floor the limit sets, or the run without a limit when that is longer.
  const bound = Math.max(r.floor, r.unlimited ?? 0);
  const ratio = r.seconds / bound;
  const share = r.throttled / r.requests;
  console.log(
    `${String(r.apps).padStart(4)}  ${`${r.rate}/s`.padStart(4)}  ${r.name.padEnd(20)}  ${r.seconds.toFixed(1).padStart(6)}  ${r.floor.toFixed(1).padStart(7)}  ${(r.unlimited ?? Number.NaN).toFixed(1).padStart(11)}  ${ratio.toFixed(2).padStart(5)}  ${String(r.requests).padStart(8)}  ${String(r.throttled).padStart(4)}  ${r.rssMb.toFixed(0).padStart(11)}`,
  );
  if (ratio > targets.floor)
    failures.push(
      `${r.name} at ${r.rate}/s: ${ratio.toFixed(2)}x ${bound === r.floor ? 'the floor' : 'the run without a limit'} (target ${targets.floor}x)`,
    );
  if (share > targets.throttled)
    failures.push(`${r.name} at ${r.rate}/s: ${(share * 100).toFixed(1)}% answered 429`);
}
console.log(failures.length ? `\nFAILED: ${failures.join('; ')}` : '\nAll targets met.');
process.exitCode = failures.length ? 1 : 0;
