// Start-up cost: `secscan --version` and `secscan --help` against `node -e 0`, paired in one run.
// Runs are interleaved so machine noise hits all three alike; medians are compared.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const bin = fileURLToPath(new URL('../bin/secscan.js', import.meta.url));
const rounds = Number(process.env.BENCH_ROUNDS ?? 40);
const cases = {
  'node -e 0': ['-e', '0'],
  'secscan --version': [bin, '--version'],
  'secscan --help': [bin, '--help'],
};

function time(args) {
  const start = process.hrtime.bigint();
  const res = spawnSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  if (res.status !== 0) throw new Error(`${args.join(' ')} exited ${res.status}`);
  return Number(process.hrtime.bigint() - start) / 1e6;
}

const samples = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
for (const args of Object.values(cases)) time(args); // warm the compile cache and the page cache
for (let i = 0; i < rounds; i++)
  for (const [name, args] of Object.entries(cases)) samples[name].push(time(args));

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const base = median(samples['node -e 0']);
const targets = { 'secscan --version': 1.3, 'secscan --help': 1.5 };
console.log(`rounds: ${rounds}, node ${process.version}`);
console.log('command              median ms   ratio   target');
let ok = true;
for (const name of Object.keys(cases)) {
  const m = median(samples[name]);
  const ratio = m / base;
  const target = targets[name];
  if (target && ratio > target) ok = false;
  console.log(
    `${name.padEnd(20)} ${m.toFixed(1).padStart(9)}   ${ratio.toFixed(2).padStart(5)}x   ${target ? `<= ${target}x` : ''}`,
  );
}
console.log(ok ? 'within budget' : 'OVER BUDGET');
process.exitCode = ok ? 0 : 1;
