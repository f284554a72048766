// `npm run bench:ci-log`: what the CI job log guard (src/streams/ci-log.ts) costs. `findings list --all` of
// BENCH_SIZE findings (default 20,000) from `secscan sandbox --findings N`, in each of BENCH_FORMATS (csv,
// table, json), with GITHUB_ACTIONS=true and without, standard output a pipe (a regular file is not
// guarded): BENCH_ROUNDS interleaved rounds (default 5), the median wall time of each, and the ratio.
// Target: the guard adds at most 10% to a listing's time.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bin, startSandbox } from './sandbox.mjs';

const size = Number(process.env.BENCH_SIZE ?? 20000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const formats = (process.env.BENCH_FORMATS ?? 'csv,table,json').split(',');
const target = 1.1;
const dir = mkdtempSync(join(tmpdir(), 'secscan-bench-ci-log-'));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const { child, settings } = await startSandbox(['--findings', String(size)], {
  ...process.env,
  SECSCAN_CONFIG_DIR: join(dir, 'sandbox'),
});
const failures = [];
try {
  const env = { ...process.env, ...settings, SECSCAN_CONFIG_DIR: join(dir, 'client') };
  for (const name of ['GITHUB_ACTIONS', 'TF_BUILD', 'GITLAB_CI', 'CI']) delete env[name];
  const run = (format, ci) => {
    const command = `node ${bin} findings list --app shiftleft-java-demo --status any --all -o ${format} | cat > /dev/null`;
    const started = process.hrtime.bigint();
    const res = spawnSync('bash', ['-o', 'pipefail', '-c', command], {
      env: ci ? { ...env, GITHUB_ACTIONS: 'true' } : env,
      stdio: 'ignore',
    });
    if (res.status !== 0) throw new Error(`${command} exited ${res.status}`);
    return Number(process.hrtime.bigint() - started) / 1e9;
  };
  console.log(`findings list --all, ${size} findings, ${rounds} rounds, median seconds (stdout a pipe)`);
  for (const format of formats) {
    run(format, false);
    const plain = [];
    const guarded = [];
    for (let i = 0; i < rounds; i++) {
      plain.push(run(format, false));
      guarded.push(run(format, true));
    }
    const ratio = median(guarded) / median(plain);
    console.log(
      `-o ${format.padEnd(6)} plain ${median(plain).toFixed(2)}  GITHUB_ACTIONS=true ${median(guarded).toFixed(2)}  ratio ${ratio.toFixed(3)}`,
    );
    if (ratio > target) failures.push(`-o ${format}: ${ratio.toFixed(3)} > ${target}`);
  }
} finally {
  child.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}
if (failures.length) {
  console.error(`over target: ${failures.join('; ')}`);
  process.exit(1);
}
