// `npm run bench:sandbox-state`: `secscan sandbox --state FILE` with 500 apps records 500 scans, one per app
// (BENCH_FINDINGS new findings each, default 10), through the control route `secscan sandbox scan` uses,
// one request at a time. The 500 apps are added to the state file before the timed run (the sandbox has no
// option to seed them). Side by side in the same run: a sandbox without --state records 500 scans of the
// same size over its five demo apps, so the ratio is what keeping the state costs. Then a sandbox started
// again from the file must list every scan. Target: the 500 scans in under a minute.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox } from './sandbox.mjs';

const appCount = Number(process.env.BENCH_APPS ?? 500);
const findings = Number(process.env.BENCH_FINDINGS ?? 10);
const targetSeconds = 60;
const dir = mkdtempSync(join(tmpdir(), 'secscan-bench-state-'));
const env = { ...process.env, SECSCAN_CONFIG_DIR: join(dir, 'config'), SECSCAN_STATE_DIR: dir };
const demoApps = ['shiftleft-java-demo', 'payments-api', 'ledger-service', 'web-frontend', 'docs-site'];

function stop(child) {
  return new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGINT');
  });
}

/** A state file with the seed's data and `appCount` more apps: written by a sandbox, then extended. */
async function seededState(path) {
  const { child } = await startSandbox(['--state', path], env);
  await stop(child);
  const state = JSON.parse(readFileSync(path, 'utf8'));
  const apps = Array.from({ length: appCount }, (_, i) => `bench-app-${i}`);
  for (const id of apps) {
    state.apps.push({ id, name: id, tags: [{ key: 'language', value: 'java' }], base_branch: 'main' });
  }
  writeFileSync(path, `${JSON.stringify(state, null, 2)}\n`);
  return apps;
}

/** Records a scan of each app in turn, one request at a time: the seconds it took and the scan ids. */
async function recordScans(settings, apps) {
  const ids = [];
  const started = performance.now();
  for (const app of apps) {
    const res = await fetch(`${settings.SECSCAN_BASE_URL}/_sandbox/scans`, {
      method: 'POST',
      headers: { authorization: `Bearer ${settings.SECSCAN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ app, new: [{ severity: 'high', count: findings }] }),
    });
    if (res.status !== 200) throw new Error(`scan of ${app}: HTTP ${res.status}: ${await res.text()}`);
    ids.push(String((await res.json()).response.scans[0].id));
  }
  return { seconds: (performance.now() - started) / 1000, ids };
}

/** The scan ids a sandbox started from the file lists (read back through the API, as a client would). */
async function scansInFile(path, apps) {
  const { child, settings } = await startSandbox(['--state', path], env);
  try {
    const ids = new Set();
    const headers = { authorization: `Bearer ${settings.SECSCAN_TOKEN}` };
    for (const app of apps) {
      const url = `${settings.SECSCAN_BASE_URL}/api/v4/orgs/${settings.SECSCAN_ORG_ID}/apps/${app}/scans`;
      const body = await (await fetch(url, { headers })).json();
      for (const scan of body.response?.scans ?? []) ids.add(String(scan.id));
    }
    return ids;
  } finally {
    await stop(child);
  }
}

const failures = [];
let withState;
let memory;
let sizes;
try {
  const path = join(dir, 'state.json');
  const apps = await seededState(path);
  const seeded = statSync(path).size;
  {
    const { child, settings } = await startSandbox([], env);
    try {
      memory = await recordScans(
        settings,
        apps.map((_, i) => demoApps[i % demoApps.length]),
      );
    } finally {
      await stop(child);
    }
  }
  {
    const { child, settings } = await startSandbox(['--state', path], env);
    try {
      withState = await recordScans(settings, apps);
    } finally {
      await stop(child);
    }
  }
  sizes = { seeded, final: statSync(path).size };
  const kept = await scansInFile(path, apps);
  const lost = withState.ids.filter((id) => !kept.has(id));
  if (lost.length) failures.push(`${lost.length} scans not in the state file`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const mb = (bytes) => (bytes / 1e6).toFixed(1);
console.log(`\n${appCount} scans of ${findings} new findings each, one request at a time`);
console.log('sandbox                           seconds   scans/s');
for (const [name, r] of [
  [`--state (${appCount} more apps)`, withState],
  ['no --state (demo apps)', memory],
]) {
  console.log(
    `${name.padEnd(32)}  ${r.seconds.toFixed(1).padStart(7)}   ${(appCount / r.seconds).toFixed(0).padStart(7)}`,
  );
}
console.log(`with --state / without: ${(withState.seconds / memory.seconds).toFixed(2)}x`);
console.log(`state file: ${mb(sizes.seeded)} MB before, ${mb(sizes.final)} MB after; every scan in it`);
if (withState.seconds > targetSeconds)
  failures.push(`${withState.seconds.toFixed(0)} s, over ${targetSeconds} s`);
console.log(failures.length ? `\nFAILED: ${failures.join('; ')}` : '\nAll targets met.');
process.exitCode = failures.length ? 1 : 0;
