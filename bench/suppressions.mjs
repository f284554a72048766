// `npm run bench:suppressions`: `secscan scans check` with a large ignore file against the same gate without
// one (issue 33). A sandbox with `--findings N` (BENCH_FINDINGS, default 1140: about 1,000 of them open in
// the latest scan) and a rules file whose one rule matches every open finding, so the gate fails and, with
// an ignore file, is recounted from the scan's full findings listing. The ignore file holds BENCH_ENTRIES
// entries (default 10,000) of every kind: finding ids (one in 40 of them a finding of the scan), path globs,
// title patterns, packages with version ranges, some expired, some scoped. Interleaved over BENCH_ROUNDS
// rounds (default 11), medians: `node -e 0`, the plain gate (`--no-ignore-file`), the gate with the file, and
// the gate with a file of one entry (what the recount of the failing rule costs apart from the entries: it
// lists the scan's findings, which the plain gate does not). Target: the gate with the file under 1.5x the
// plain gate's time. Peak RSS by GNU time.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ignoreFile } from './ignore-file.mjs';
import { bin, startSandbox } from './sandbox.mjs';

const findings = Number(process.env.BENCH_FINDINGS ?? 1140);
const entries = Number(process.env.BENCH_ENTRIES ?? 10_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 11);
const target = 1.5;
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const dir = mkdtempSync(join(tmpdir(), 'secscan-bench-suppressions-'));

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Wall seconds, peak RSS (MiB), exit status and stdout of one run under GNU time. */
function run(argv, env) {
  const timeFile = join(dir, 'time');
  const started = process.hrtime.bigint();
  const res = spawnSync('/usr/bin/time', ['-f', '%M', '-o', timeFile, process.execPath, ...argv], {
    env,
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const rss = Number(readFileSync(timeFile, 'utf8').trim().split('\n').pop()) / 1024;
  return { seconds, rss, status: res.status, stdout: res.stdout, stderr: res.stderr };
}

const { child, settings } = await startSandbox(['--findings', String(findings)], {
  ...process.env,
  SECSCAN_CONFIG_DIR: join(dir, 'sandbox'),
});
let failed = false;
try {
  const env = { ...process.env, ...settings, SECSCAN_CONFIG_DIR: join(dir, 'config'), NO_COLOR: '1' };
  const scans = run(
    [bin, 'scans', 'list', '--app', 'shiftleft-java-demo', '--limit', '1', '-o', 'json'],
    env,
  );
  const version = JSON.parse(scans.stdout)[0]?.version;
  if (!version) throw new Error(`no scan to check: ${scans.stderr}`);
  const rules = join(dir, 'rules.yml');
  writeFileSync(
    rules,
    'rules:\n  - id: every-open-finding\n    tags:\n      severity: [critical, high, medium, low]\n    threshold: 0\n',
  );
  const ignore = join(dir, 'ignore.yml');
  const text = ignoreFile(entries);
  writeFileSync(ignore, text);
  const one = join(dir, 'one.yml');
  writeFileSync(one, 'ignores:\n  - id: 1\n    app: shiftleft-java-demo\n    reason: accepted\n');
  const gate = [bin, 'scans', 'check', '--compound', 'shiftleft-java-demo', '--rules', rules];
  const common = [...gate, '--version', version, '--baseline', 'none', '--kind', 'single', '-o', 'json'];
  const cases = {
    node: ['-e', '0'],
    plain: [...common, '--no-ignore-file'],
    suppressed: [...common, '--ignore-file', ignore],
    one: [...common, '--ignore-file', one],
  };
  const runs = { node: [], plain: [], suppressed: [], one: [] };
  const loadStart = load();
  for (let i = 0; i < rounds; i++) {
    const names = Object.keys(cases);
    for (let k = 0; k < names.length; k++) {
      const name = names[(i + k) % names.length];
      const r = run(cases[name], env);
      if (name !== 'node' && r.status !== 1)
        throw new Error(`the ${name} gate exited ${r.status}, not 1: ${r.stderr}`);
      runs[name].push(r);
    }
  }
  const verdict = (r) => JSON.parse(r.stdout);
  const plain = verdict(runs.plain[0]);
  const suppressed = verdict(runs.suppressed[0]);
  const matched = plain.rules?.[0]?.matched;
  const hidden = suppressed.suppressions?.suppressed?.length;
  const t = Object.fromEntries(Object.entries(runs).map(([k, v]) => [k, median(v.map((r) => r.seconds))]));
  const rss = Object.fromEntries(Object.entries(runs).map(([k, v]) => [k, Math.max(...v.map((r) => r.rss))]));
  const ratio = t.suppressed / t.plain;
  console.log(
    `\nscans check at ${matched} matched findings; ignore file of ${entries.toLocaleString('en-US')} entries ` +
      `(${(text.length / 1024).toFixed(0)} KiB, ${text.split('\n').length - 1} lines), ${hidden} of the findings suppressed; ` +
      `${rounds} interleaved rounds (medians), load average ${loadStart} at the start and ${load()} at the end, Node ${process.version}`,
  );
  console.log('case                           median s  vs node -e 0  peak RSS MiB');
  const row = (name, label) =>
    console.log(
      `${label.padEnd(29)}  ${t[name].toFixed(3).padStart(8)}  ${(t[name] / t.node).toFixed(2).padStart(11)}x  ${rss[name].toFixed(0).padStart(12)}`,
    );
  row('node', 'node -e 0');
  row('plain', 'gate, --no-ignore-file');
  row('one', 'gate, 1 suppression');
  row('suppressed', `gate, ${entries} suppressions`);
  console.log(
    `\nwith the ignore file: ${ratio.toFixed(2)}x the plain gate (target under ${target}x): ${ratio < target ? 'met' : 'MISSED'}; ` +
      `${(t.suppressed / t.one).toFixed(2)}x the gate with a file of one entry (the recount's listing apart)`,
  );
  failed = !(ratio < target) || !(hidden > 0);
} finally {
  child.kill('SIGINT');
  rmSync(dir, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
