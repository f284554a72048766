// `npm run bench:org-rate`: whole-organization commands at the service's rate limit. A sandbox with
// `--apps N --rate-limit R/s --log` (BENCH_CASES, default `5000@50,2000@20`: N apps at R requests a second)
// answers `secscan stats -o json` and `secscan findings list --all -o ndjson` at organization level, one
// run each (BENCH_ROUNDS). The sandbox's log counts every request of a run and its answer; the floor is the
// requests the run needed (those answered 2xx) divided by the rate. Reports wall time against that floor
// (target: within 1.1x), the 429 answers (target: at most 1% of the requests) and peak RSS by GNU time.
// Each command also runs once against the same organization without a rate limit: when that alone takes
// longer than the floor (the sandbox building pages and secscan writing rows, not the limit, hold the run),
// the ratio that meets the target is against it: the limit cost nothing beyond what the run costs anyway.
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
const rounds = Number(process.env.BENCH_ROUNDS ?? 1);
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
try {
  for (const { apps, rate } of cases) {
    const sandbox = await startLogged(['--apps', String(apps), '--rate-limit', `${rate}/s`]);
    try {
      const env = { ...sandbox.settings, SECSCAN_CONFIG_DIR: join(dir, 'config') };
      for (const [name, argv] of Object.entries(commands)) {
        for (let i = 0; i < rounds; i++) {
          // The rate limiter's window starts afresh: the run before is a second behind.
          await new Promise((resolve) => setTimeout(resolve, 1100));
          const from = sandbox.requests.length;
          const r = await run(argv, env);
          // The log lines of its last answers are read.
          await new Promise((resolve) => setTimeout(resolve, 200));
          const seen = sandbox.requests.slice(from);
          const api = seen.filter((q) => q.path.startsWith('/api/'));
          const needed = api.filter((q) => q.status < 300).length;
          const throttled = api.filter((q) => q.status === 429).length;
          const floor = needed / rate;
          const result = {
            apps,
            rate,
            name,
            seconds: r.seconds,
            floor,
            requests: api.length,
            throttled,
            rssMb: r.rssMb,
            load: load(),
          };
          results.push(result);
          console.error(
            `${apps} apps at ${rate}/s, ${name}: ${r.seconds.toFixed(1)} s, floor ${floor.toFixed(1)} s, ${api.length} requests, ${throttled} answered 429, load ${result.load}`,
          );
        }
      }
    } finally {
      sandbox.child.kill('SIGINT');
    }
    // The same organization unlimited: what each command costs when the rate limit holds nothing back.
    const free = await startLogged(['--apps', String(apps)]);
    try {
      const env = { ...free.settings, SECSCAN_CONFIG_DIR: join(dir, 'config') };
      for (const [name, argv] of Object.entries(commands)) {
        const r = await run(argv, env);
        for (const result of results.filter((x) => x.apps === apps && x.name === name)) {
          result.unlimited = r.seconds;
        }
        console.error(`${apps} apps without a rate limit, ${name}: ${r.seconds.toFixed(1)} s`);
      }
    } finally {
      free.child.kill('SIGINT');
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

console.log(
  '\napps  rate  command               wall s  floor s  unlimited s  ratio  requests  429s  peak RSS MB',
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
