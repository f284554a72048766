// `npm run bench:backup`: a 1 GiB backup (`BENCH_BYTES`) from `secscan sandbox --backup-size`, downloaded
// by `secscan backups download` (resumable, fsynced, checksummed), by `curl -o`, and by
// `curl -o F && sha256sum F && sync F` (curl given what secscan does besides: a checksum of the file and the
// file on disk), and by `curl -o F && sync F` (the file on disk, no checksum: what the disk lets a download
// that ends on the disk reach), interleaved over BENCH_ROUNDS rounds (default 3; medians), each run started
// after a `sync` that is not timed (so no run pays for the dirty pages the one before left to the disk),
// through a sandbox that paces its
// answers as a network link would (`--bandwidth`, BENCH_LINKS: 100MiB/s and 1GiB/s), then on loopback
// unthrottled, for reference (the sandbox serving the file shares the two cores with the client there). Wall
// time, CPU (user + system) and peak RSS by GNU time. Targets at each link: secscan's throughput at least
// 0.97x curl -o's, its CPU per GiB no more than curl + sha256sum + sync's, peak RSS at most 100 MB. Then a
// sandbox that cuts every download at half the file: secscan resumes with a Range and ends with the
// sandbox's SHA-256, where `curl -o` stops at 50%.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const bin = fileURLToPath(new URL('../bin/secscan.js', import.meta.url));
const size = Number(process.env.BENCH_BYTES ?? 1024 ** 3);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const targets = { ratio: 0.97, rssMb: 100 };
/** The links the sandbox paces its answers to (`--bandwidth`), then loopback unthrottled (for reference). */
const links = [...(process.env.BENCH_LINKS ?? '100MiB/s,1GiB/s').split(',').filter(Boolean), undefined];
const loadStart = os
  .loadavg()
  .map((l) => l.toFixed(1))
  .join(' ');
const dir = mkdtempSync(join(tmpdir(), 'secscan-bench-backup-'));
const mib = (bytes) => bytes / 1024 / 1024;

for (const tool of ['curl', '/usr/bin/time', 'sha256sum']) {
  if (spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0) {
    console.error(`bench: ${tool} is missing (apt-get install -y curl time coreutils)`);
    process.exit(2);
  }
}

async function startSandbox(args) {
  const child = spawn(
    process.execPath,
    [bin, 'sandbox', '--port', '0', '--backup-size', String(size), ...args],
    {
      stdio: ['ignore', 'pipe', 'ignore'],
      env: { ...process.env, SECSCAN_CONFIG_DIR: join(dir, 'sandbox') },
    },
  );
  const settings = {};
  const lines = createInterface({ input: child.stdout });
  await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the sandbox exited (${code})`)));
    lines.on('line', (line) => {
      const [key, ...rest] = line.split('=');
      settings[key] = rest.join('=');
      if (Object.keys(settings).length === 3) resolve();
    });
  });
  child.removeAllListeners('exit');
  return { child, settings };
}

/** The backup's id and the SHA-256 the sandbox announces; the first request also seals the archive. */
async function describeBackup(settings) {
  const headers = { authorization: `Bearer ${settings.SECSCAN_TOKEN}` };
  const api = `${settings.SECSCAN_BASE_URL}/api/v4/orgs/${settings.SECSCAN_ORG_ID}`;
  const list = await (await fetch(`${api}/backup`, { headers })).json();
  const id = list.response.find((b) => b.status === 'completed').backup_id;
  const res = await fetch(`${api}/backup/download?backup_id=${id}`, {
    headers: { ...headers, range: 'bytes=0-0' },
  });
  await res.arrayBuffer();
  const digest = /sha-256=:(.*):/.exec(res.headers.get('repr-digest') ?? '')?.[1];
  return {
    id,
    url: `${api}/backup/download?backup_id=${id}`,
    sha256: Buffer.from(digest, 'base64').toString('hex'),
  };
}

/** Runs a command under GNU time: wall and CPU seconds, peak RSS in MB, exit code and output. */
function measure(argv, env) {
  const timeFile = join(dir, 'time');
  const started = process.hrtime.bigint();
  const res = spawnSync('/usr/bin/time', ['-f', '%U %S %M', '-o', timeFile, ...argv], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const [user, system, kb] = readFileSync(timeFile, 'utf8').trim().split('\n').pop().split(' ').map(Number);
  return {
    seconds,
    cpu: user + system,
    rssMb: kb / 1024,
    status: res.status,
    stdout: res.stdout,
    stderr: res.stderr,
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const sha256sum = (file) => spawnSync('sha256sum', [file], { encoding: 'utf8' }).stdout.split(' ')[0];

const failures = [];
/** Per link: the runs of each tool (`link` undefined: loopback, unthrottled). */
const results = [];
let resume;

/** Downloads the backup with secscan, curl -o, and curl + sha256sum + sync, interleaved, over `rounds`. */
async function compare(link) {
  const runs = { secscan: [], curl: [], synced: [], checked: [] };
  const { child, settings } = await startSandbox(link ? ['--bandwidth', link] : []);
  try {
    const backup = await describeBackup(settings);
    const env = { ...settings, SECSCAN_CONFIG_DIR: join(dir, 'config') };
    const secscanRun = () => {
      const target = join(dir, 'secscan');
      rmSync(target, { recursive: true, force: true });
      const r = measure(
        ['node', bin, 'backups', 'download', '--id', backup.id, '--dir', target, '-o', 'json', '-q'],
        env,
      );
      if (r.status !== 0) throw new Error(`secscan exited ${r.status}: ${r.stderr}`);
      const record = JSON.parse(r.stdout);
      if (record.sha256 !== backup.sha256)
        failures.push(`secscan's SHA-256 ${record.sha256} is not the sandbox's`);
      runs.secscan.push(r);
    };
    const curlRun = () => {
      const target = join(dir, 'curl.tar.gz');
      rmSync(target, { force: true });
      const r = measure(
        ['curl', '-sS', '-o', target, '-H', `Authorization: Bearer ${settings.SECSCAN_TOKEN}`, backup.url],
        env,
      );
      if (r.status !== 0) throw new Error(`curl exited ${r.status}: ${r.stderr}`);
      if (statSync(target).size !== size) failures.push('curl wrote another size');
      runs.curl.push(r);
    };
    const syncedRun = () => {
      const target = join(dir, 'synced.tar.gz');
      rmSync(target, { force: true });
      const script = 'curl -sS -o "$1" -H "Authorization: Bearer $2" "$3" && sync "$1"';
      const r = measure(['sh', '-c', script, 'sh', target, settings.SECSCAN_TOKEN, backup.url], env);
      if (r.status !== 0) throw new Error(`curl + sync exited ${r.status}: ${r.stderr}`);
      if (statSync(target).size !== size) failures.push('curl + sync wrote another size');
      runs.synced.push(r);
    };
    const checkedRun = () => {
      const target = join(dir, 'checked.tar.gz');
      rmSync(target, { force: true });
      const script =
        'curl -sS -o "$1" -H "Authorization: Bearer $2" "$3" && sha256sum "$1" > "$1.sha256" && sync "$1"';
      const r = measure(['sh', '-c', script, 'sh', target, settings.SECSCAN_TOKEN, backup.url], env);
      if (r.status !== 0) throw new Error(`curl + sha256sum + sync exited ${r.status}: ${r.stderr}`);
      if (readFileSync(`${target}.sha256`, 'utf8').split(' ')[0] !== backup.sha256)
        failures.push("curl + sha256sum: the file's SHA-256 is not the sandbox's");
      runs.checked.push(r);
    };
    for (let i = 0; i < rounds; i++) {
      const order = [secscanRun, curlRun, syncedRun, checkedRun];
      for (let k = 0; k < order.length; k++) {
        // The dirty pages of the run before (curl -o leaves a GiB of them) go to the disk untimed.
        spawnSync('sync');
        order[(i + k) % order.length]();
      }
      const [a, b, d, c] = [runs.secscan, runs.curl, runs.synced, runs.checked].map((r) => r.at(-1));
      console.error(
        `${link ?? 'loopback'} round ${i + 1}: secscan ${a.seconds.toFixed(2)} s (CPU ${a.cpu.toFixed(2)} s), curl ${b.seconds.toFixed(2)} s (CPU ${b.cpu.toFixed(2)} s), curl + sync ${d.seconds.toFixed(2)} s, curl + sha256sum + sync ${c.seconds.toFixed(2)} s (CPU ${c.cpu.toFixed(2)} s)`,
      );
    }
    if (sha256sum(join(dir, 'curl.tar.gz')) !== backup.sha256)
      failures.push("curl's file is not the sandbox's");
  } finally {
    child.kill('SIGINT');
  }
  results.push({ link, runs });
}

try {
  for (const link of links) await compare(link);

  // Every download is cut when it reaches half the file: only a client that resumes finishes.
  const cutting = await startSandbox(['--cut-downloads', '0.5']);
  try {
    const backup = await describeBackup(cutting.settings);
    const env = { ...cutting.settings, SECSCAN_CONFIG_DIR: join(dir, 'config') };
    const target = join(dir, 'cut');
    mkdirSync(target, { recursive: true });
    const r = measure(
      ['node', bin, 'backups', 'download', '--id', backup.id, '--dir', target, '-o', 'json', '-q'],
      env,
    );
    const record = r.status === 0 ? JSON.parse(r.stdout) : undefined;
    const curlFile = join(dir, 'curl-cut.tar.gz');
    const curl = measure(
      [
        'curl',
        '-sS',
        '-o',
        curlFile,
        '-H',
        `Authorization: Bearer ${cutting.settings.SECSCAN_TOKEN}`,
        backup.url,
      ],
      env,
    );
    resume = {
      status: r.status,
      seconds: r.seconds,
      rssMb: r.rssMb,
      resumed: record?.resumed,
      ok: record?.sha256 === backup.sha256 && sha256sum(record.path) === backup.sha256,
      curlStatus: curl.status,
      curlBytes: existsSync(curlFile) ? statSync(curlFile).size : 0,
    };
    if (!resume.ok || resume.resumed !== 1)
      failures.push('the cut transfer did not resume to the right SHA-256');
  } finally {
    cutting.child.kill('SIGINT');
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const fmt = (n, d = 1) => n.toFixed(d);
const gib = size / 1024 ** 3;
console.log(
  `\n${fmt(mib(size), 0)} MiB backup, ${rounds} interleaved rounds per link (medians); load average ${loadStart} at the start, ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} at the end`,
);
console.log('link       tool                       median s  MiB/s  CPU s/GiB  peak RSS MB');
let peak = resume?.rssMb ?? 0;
for (const { link, runs } of results) {
  const rate = (r) => mib(size) / r.seconds;
  const secscanRate = median(runs.secscan.map(rate));
  const curlRate = median(runs.curl.map(rate));
  const ratio = secscanRate / curlRate;
  const cpu = {
    secscan: median(runs.secscan.map((r) => r.cpu)) / gib,
    curl: median(runs.curl.map((r) => r.cpu)) / gib,
    checked: median(runs.checked.map((r) => r.cpu)) / gib,
  };
  const rss = Math.max(...runs.secscan.map((r) => r.rssMb));
  peak = Math.max(peak, rss);
  const row = (name, runsOf, cpuOf, rssOf) =>
    console.log(
      `${(link ?? 'loopback').padEnd(9)}  ${name.padEnd(25)}  ${fmt(median(runsOf.map((r) => r.seconds)), 2).padStart(8)}  ${fmt(median(runsOf.map(rate)), 0).padStart(5)}  ${fmt(cpuOf, 2).padStart(9)}  ${fmt(rssOf, 0).padStart(11)}`,
    );
  row('secscan', runs.secscan, cpu.secscan, rss);
  row('curl -o', runs.curl, cpu.curl, Math.max(...runs.curl.map((r) => r.rssMb)));
  row(
    'curl -o + sync',
    runs.synced,
    median(runs.synced.map((r) => r.cpu)) / gib,
    Math.max(...runs.synced.map((r) => r.rssMb)),
  );
  row('curl + sha256sum + sync', runs.checked, cpu.checked, Math.max(...runs.checked.map((r) => r.rssMb)));
  const checkedRate = median(runs.checked.map(rate));
  const syncedRate = median(runs.synced.map(rate));
  console.log(
    `${(link ?? 'loopback').padEnd(9)}  throughput ${fmt(ratio, 2)}x curl -o's, ${fmt(secscanRate / syncedRate, 2)}x curl -o + sync's, ${fmt(secscanRate / checkedRate, 2)}x curl + sha256sum + sync's; CPU/GiB ${fmt(cpu.secscan / cpu.checked, 2)}x curl + sha256sum + sync's (${fmt(cpu.secscan / cpu.curl, 2)}x curl -o's)`,
  );
  // Unthrottled loopback is for reference: the sandbox serving the file shares the two cores with the client.
  if (link !== undefined) {
    if (ratio < targets.ratio)
      failures.push(`${link}: throughput ${fmt(ratio, 2)}x curl's, below ${targets.ratio}x`);
    if (cpu.secscan > cpu.checked)
      failures.push(
        `${link}: CPU ${fmt(cpu.secscan, 2)} s/GiB, over curl + sha256sum's ${fmt(cpu.checked, 2)}`,
      );
  }
}
console.log(
  `cut at 50%: secscan exit ${resume.status}, resumed ${resume.resumed}, SHA-256 ${resume.ok ? 'right' : 'WRONG'} in ${fmt(resume.seconds, 2)} s; ` +
    `curl -o exit ${resume.curlStatus} after ${fmt(mib(resume.curlBytes), 0)} MiB`,
);
if (peak > targets.rssMb) failures.push(`peak RSS ${fmt(peak, 0)} MB, over ${targets.rssMb} MB`);
console.log(failures.length ? `\nFAILED: ${failures.join('; ')}` : '\nAll targets met.');
process.exitCode = failures.length ? 1 : 0;
