// `npm run bench:sbom`: `secscan sbom --all-apps --out FILE` over an organization of `secscan sandbox --apps N`
// (100 and 500 generated apps by default, BENCH_APPS), CycloneDX and SPDX (BENCH_FORMATS), on loopback and
// with 20 ms added to every answer (`--latency 20`, a service across a network; BENCH_LATENCY). Reports the
// wall time (median of BENCH_ROUNDS runs, default 3), the peak RSS (GNU time) and the document's size, and
// checks each document names every app. Memory must stay bounded: it grows with the distinct packages, not
// with the apps, so 500 apps may cost little more than 100. Targets: 30 s and 150 MB at 500 apps.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bin, startSandbox } from './sandbox.mjs';

const sizes = (process.env.BENCH_APPS ?? '100,500').split(',').map(Number);
const formats = (process.env.BENCH_FORMATS ?? 'cyclonedx,spdx').split(',');
const latencies = (process.env.BENCH_LATENCY ?? '0,20').split(',').map(Number);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const targets = { seconds: 30, rssMb: 150, apps: 500 };
const dir = mkdtempSync(join(tmpdir(), 'secscan-bench-sbom-'));

if (spawnSync('sh', ['-c', 'command -v /usr/bin/time']).status !== 0) {
  console.error('bench: /usr/bin/time is missing (apt-get install -y time)');
  process.exit(2);
}

function run(args, env) {
  const timeFile = join(dir, 'time');
  const started = process.hrtime.bigint();
  const res = spawnSync('/usr/bin/time', ['-f', '%M', '-o', timeFile, process.execPath, bin, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (res.status !== 0) throw new Error(`secscan ${args.join(' ')} exited ${res.status}: ${res.stderr}`);
  const rssMb = Number(readFileSync(timeFile, 'utf8').trim().split('\n').pop()) / 1024;
  return { seconds, rssMb };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function measure(apps, latency) {
  const { child, settings } = await startSandbox(['--apps', String(apps), '--latency', String(latency)], {
    ...process.env,
    SECSCAN_CONFIG_DIR: join(dir, 'sandbox'),
  });
  const rows = [];
  try {
    const env = { ...settings, SECSCAN_CONFIG_DIR: join(dir, 'config') };
    const listed = JSON.parse(
      spawnSync(process.execPath, [bin, 'apps', 'list', '-o', 'json'], { env: { ...process.env, ...env } })
        .stdout,
    ).length;
    for (const format of formats) {
      const out = join(dir, `org.${format}.json`);
      const times = [];
      let rss = 0;
      for (let i = 0; i < rounds; i++) {
        const r = run(['sbom', '--all-apps', '--no-ignore-file', '--format', format, '--out', out], env);
        times.push(r.seconds);
        rss = Math.max(rss, r.rssMb);
      }
      const doc = JSON.parse(readFileSync(out, 'utf8'));
      const named =
        format === 'spdx'
          ? doc.packages.filter((p) => p.primaryPackagePurpose === 'APPLICATION').length - 1
          : doc.components.filter((c) => c.type === 'application').length;
      const skipped =
        format === 'spdx'
          ? (doc.creationInfo.comment.match(/Left out: app /g) ?? []).length
          : doc.metadata.properties.filter((p) => p.name === 'secscan:skipped_app').length;
      if (named + skipped !== listed) throw new Error(`${format}: ${named} + ${skipped} apps of ${listed}`);
      rows.push({ apps: listed, latency, format, seconds: median(times), rss, bytes: statSync(out).size });
    }
  } finally {
    child.kill('SIGINT');
  }
  return rows;
}

const results = [];
try {
  for (const latency of latencies) for (const apps of sizes) results.push(...(await measure(apps, latency)));
} finally {
  rmSync(dir, { recursive: true, force: true });
}

console.log('\napps  latency ms  format     seconds  peak RSS MB  document KB');
const failures = [];
for (const r of results) {
  console.log(
    `${String(r.apps).padStart(4)}  ${String(r.latency).padStart(10)}  ${r.format.padEnd(9)}  ${r.seconds
      .toFixed(2)
      .padStart(7)}  ${r.rss.toFixed(0).padStart(11)}  ${(r.bytes / 1024).toFixed(0).padStart(11)}`,
  );
  if (r.apps >= targets.apps && r.seconds > targets.seconds)
    failures.push(
      `${r.format} over ${r.apps} apps took ${r.seconds.toFixed(2)} s (target ${targets.seconds} s)`,
    );
  if (r.rss > targets.rssMb)
    failures.push(
      `${r.format} over ${r.apps} apps peaked at ${r.rss.toFixed(0)} MB (target ${targets.rssMb} MB)`,
    );
}
if (failures.length) {
  console.error(`\n${failures.join('\n')}`);
  process.exit(1);
}
