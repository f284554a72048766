// `npm run bench:curves`: how `findings list --all` grows with the findings. `secscan sandbox --findings N`
// for N in BENCH_SIZES (default 1000,10000,100000; add 1000000 for the last point, which takes minutes),
// then `findings list --app shiftleft-java-demo --status any --all -o FORMAT` for each of BENCH_FORMATS
// (ndjson, json, sarif, table), three runs each below a million and one at a million (BENCH_ROUNDS,
// BENCH_BIG_ROUNDS; medians), and `node -e 0` in the same run for the start-up every run pays. Wall time
// and peak RSS by GNU time. Targets (issue 33): time grows linearly (the largest size within 1.1x its share
// of the one before it: 1M within 11x of 100k), peak RSS of the streamed formats (ndjson, table) flat (the
// largest within 1.1x of the one before) and at most 100 MiB; json and sarif bounded (stated). Writes the
// curves as SVG charts (the trends report's chart code) to docs/charts/ and the table between the markers
// in docs/performance.md.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { bin, startSandbox } from './sandbox.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const sizes = (process.env.BENCH_SIZES ?? '1000,10000,100000').split(',').filter(Boolean).map(Number);
const formats = (process.env.BENCH_FORMATS ?? 'ndjson,json,sarif,table').split(',');
// Runs of each format at each size, medians: three below a million (one run of seconds on two shared cores
// is off by up to 15%, and the 100,000 point is what the million is compared with), one at a million (a run
// of over a minute evens the noise out by itself).
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const bigRounds = Number(process.env.BENCH_BIG_ROUNDS ?? 1);
const roundsAt = (size) => (size >= 1_000_000 ? bigRounds : rounds);
const streamed = new Set(['ndjson', 'table']);
const targets = { growth: 1.1, flat: 1.1, rssMiB: 100 };
const dir = mkdtempSync(join(tmpdir(), 'secscan-bench-curves-'));
const app = 'shiftleft-java-demo';
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function measure(argv, env) {
  const timeFile = join(dir, 'time');
  const started = process.hrtime.bigint();
  const res = spawnSync('/usr/bin/time', ['-f', '%M', '-o', timeFile, ...argv], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (res.status !== 0) throw new Error(`${argv.join(' ')} exited ${res.status}: ${res.stderr}`);
  return { seconds, rssMiB: Number(readFileSync(timeFile, 'utf8').trim().split('\n').pop()) / 1024 };
}

const loadStart = load();
const rows = [];
let nodeStart = [];
try {
  for (const size of sizes) {
    const { child, settings } = await startSandbox(['--findings', String(size)], {
      ...process.env,
      SECSCAN_CONFIG_DIR: join(dir, 'sandbox'),
    });
    try {
      const env = { ...settings, SECSCAN_CONFIG_DIR: join(dir, 'config') };
      // The sandbox filters and sorts a query's findings on its first page and keeps them for the pages
      // after it: the same query, once, not counted (a listing without --status any is another query).
      measure(
        [process.execPath, bin, 'findings', 'list', '--app', app, '--status', 'any', '--limit', '10'],
        env,
      );
      const row = { size };
      for (const format of formats) {
        const runs = [];
        for (let i = 0; i < roundsAt(size); i++) {
          nodeStart.push(measure([process.execPath, '-e', '0'], {}).seconds);
          const argv = ['findings', 'list', '--app', app, '--status', 'any', '--all', '-o', format];
          runs.push(
            measure([process.execPath, bin, ...(format === 'table' ? ['--no-pager'] : []), ...argv], env),
          );
        }
        row[format] = {
          seconds: median(runs.map((r) => r.seconds)),
          rssMiB: median(runs.map((r) => r.rssMiB)),
        };
        console.error(
          `${size} findings, -o ${format}: ${row[format].seconds.toFixed(2)} s, ${row[format].rssMiB.toFixed(0)} MiB (load ${load()})`,
        );
      }
      rows.push(row);
    } finally {
      child.kill('SIGINT');
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
const node = median(nodeStart);

// The charts: the trends report's own SVG code, compiled for this run.
const built = await build({
  entryPoints: [join(root, 'src/output/trends/svg.ts')],
  bundle: true,
  format: 'esm',
  platform: 'node',
  write: false,
});
const svg = await import(
  `data:text/javascript;base64,${Buffer.from(built.outputFiles[0].text).toString('base64')}`
);
const labels = rows.map((r) => (r.size >= 1e6 ? `${r.size / 1e6}M` : `${r.size / 1e3}k`));
const charts = {
  'findings-time.svg': svg.lines(
    'findings list --all: seconds by findings listed',
    labels,
    formats.map((f) => ({ name: f, values: rows.map((r) => Number(r[f].seconds.toFixed(1))) })),
    `${labels.join(', ')} findings`,
  ),
  'findings-rss.svg': svg.lines(
    'findings list --all: peak RSS (MiB) by findings listed',
    labels,
    formats.map((f) => ({ name: f, values: rows.map((r) => Math.round(r[f].rssMiB)) })),
    `${labels.join(', ')} findings`,
  ),
};
mkdirSync(join(root, 'docs/charts'), { recursive: true });
for (const [name, text] of Object.entries(charts)) {
  writeFileSync(join(root, 'docs/charts', name), `<svg xmlns="http://www.w3.org/2000/svg"${text.slice(4)}\n`);
}

const failures = [];
const table = [
  `| findings | ${formats.map((f) => `\`-o ${f}\``).join(' | ')} |`,
  `| -------- | ${formats.map(() => '---').join(' | ')} |`,
  ...rows.map(
    (r) =>
      `| ${r.size.toLocaleString('en-US')} | ${formats.map((f) => `${r[f].seconds.toFixed(2)} s, ${Math.round(r[f].rssMiB)} MiB`).join(' | ')} |`,
  ),
];
for (let i = 1; i < rows.length; i++) {
  const [before, now] = [rows[i - 1], rows[i]];
  const scale = now.size / before.size;
  for (const f of formats) {
    // The time past node's start-up grows with the findings: within 1.1x of linear.
    const growth = (now[f].seconds - node) / (before[f].seconds - node);
    if (i === rows.length - 1 && growth > scale * targets.growth)
      failures.push(
        `-o ${f}: ${growth.toFixed(1)}x the time from ${before.size} to ${now.size} (target ${scale * targets.growth}x)`,
      );
    if (i === rows.length - 1 && streamed.has(f) && now[f].rssMiB > before[f].rssMiB * targets.flat)
      failures.push(
        `-o ${f}: peak RSS ${now[f].rssMiB.toFixed(0)} MiB at ${now.size}, over ${targets.flat}x ${before[f].rssMiB.toFixed(0)}`,
      );
  }
}
for (const f of formats) {
  const peak = Math.max(...rows.map((r) => r[f].rssMiB));
  if (streamed.has(f) && peak > targets.rssMiB) failures.push(`-o ${f}: peak RSS ${peak.toFixed(0)} MiB`);
}
const stamp = new Date().toISOString().slice(0, 10);
const section = [
  '<!-- bench:curves (written by `npm run bench:curves`) -->',
  '',
  `${stamp}, load average ${loadStart} at the start and ${load()} at the end (2 shared cores), Node ${process.versions.node}; \`node -e 0\` took ${Math.round(node * 1000)} ms in the same run (${rounds} run${rounds > 1 ? 's' : ''} of each below a million, ${bigRounds} at a million; medians):`,
  '',
  ...table,
  '',
  '![Seconds of findings list --all by findings listed, per format](charts/findings-time.svg)',
  '',
  '![Peak RSS of findings list --all by findings listed, per format](charts/findings-rss.svg)',
  '',
  '<!-- /bench:curves -->',
].join('\n');
const doc = join(root, 'docs/performance.md');
const text = readFileSync(doc, 'utf8');
const m = /<!-- bench:curves[\s\S]*?<!-- \/bench:curves -->/.exec(text);
if (m) {
  // Formatted as the project formats it (prettier --check runs in CI).
  const prettier = await import('prettier');
  const options = { ...(await prettier.resolveConfig(doc)), filepath: doc };
  writeFileSync(doc, await prettier.format(text.replace(m[0], section), options));
}
console.log(`\n${table.join('\n')}\n\nnode -e 0: ${(node * 1000).toFixed(0)} ms`);
console.log(
  m
    ? 'docs/performance.md and docs/charts/ written'
    : 'docs/performance.md has no bench:curves markers: charts written to docs/charts/ only',
);
console.log(failures.length ? `\nMISSED: ${failures.join('; ')}` : '\nAll targets met.');
process.exitCode = failures.length ? 1 : 0;
