// `npm run bench:sandbox-start`: how long the default `secscan sandbox` takes from its spawn to its ready
// lines (the seed's half year of history included), the median of BENCH_ROUNDS starts (default 15). With
// BENCH_BASE_BIN=/path/to/other/checkout/bin/secscan.js the two are started in turn, round by round (so the
// machine's noise hits both alike), and the ratio of their medians is held to 1.2 (issue 32: the history
// must not make the sandbox slow to start).
import { startSandbox } from './sandbox.mjs';

const rounds = Number(process.env.BENCH_ROUNDS ?? 15);
const base = process.env.BENCH_BASE_BIN;
const budget = 1.2;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

function stop(child) {
  return new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGINT');
  });
}

async function startOnce(bin) {
  const started = performance.now();
  const { child } = await startSandbox([], process.env, bin);
  const ms = performance.now() - started;
  await stop(child);
  return ms;
}

const samples = { this: [], base: [] };
for (let i = 0; i < rounds; i++) {
  samples.this.push(await startOnce(undefined));
  if (base) samples.base.push(await startOnce(base));
}
const mine = median(samples.this);
console.log(`default sandbox start (spawn to ready), median of ${rounds}: ${mine.toFixed(0)} ms`);
if (base) {
  const theirs = median(samples.base);
  const ratio = mine / theirs;
  console.log(`${base}: ${theirs.toFixed(0)} ms; ratio ${ratio.toFixed(2)} (budget ${budget})`);
  if (ratio > budget) {
    console.error(`over budget: ${ratio.toFixed(2)} > ${budget}`);
    process.exitCode = 1;
  }
}
