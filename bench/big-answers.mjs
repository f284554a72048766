// `npm run bench:big-answers`: the client's peak memory when a broken or hostile service sends huge JSON
// answers (issue 18, item 3). A fake service streams each answer; the built `secscan` runs under GNU time
// and must exit 8 (or, just under the limits, 0) with a peak RSS well under the target. Cases:
//   - a findings page of 2,000,000 small rows (a body under the byte cap that would parse to gigabytes);
//   - a list of 3,000,000 apps (not paged);
//   - a body over the byte cap, sent without a length (chunked) and with one;
//   - answers just under the limits, which are read (exit 0);
//   - a page of 1,000 rows when 250 were asked for.
// BENCH_ROWS scales the row counts (e.g. BENCH_ROWS=0.1 for a quick look).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bin } from './sandbox.mjs';

const scale = Number(process.env.BENCH_ROWS ?? 1);
const targetMb = 300;
const orgId = '2b7c4e3a-1f0d-4c8e-9a6b-5d4c3b2a1f00';
const dir = mkdtempSync(join(tmpdir(), 'secscan-bench-big-'));

if (spawnSync('sh', ['-c', 'command -v /usr/bin/time']).status !== 0) {
  console.error('bench: /usr/bin/time is missing (apt-get install -y time)');
  process.exit(2);
}

/** Streams `count` rows made by `row(i)` between `head` and `tail`, 64 KiB at a time, honouring back-pressure. */
async function stream(res, head, count, row, tail, length) {
  res.writeHead(200, { 'content-type': 'application/json', ...(length ? { 'content-length': length } : {}) });
  let buffer = head;
  for (let i = 0; i < count; i++) {
    buffer += (i ? ',' : '') + row(i);
    if (buffer.length >= 65536) {
      if (!res.write(buffer)) await new Promise((resolve) => res.once('drain', resolve));
      if (res.destroyed) return;
      buffer = '';
    }
  }
  res.end(buffer + tail);
}

const finding = (i) => `{"id":"${i}","app":"a","type":"vuln","internal_id":"x${i}"}`;
const small = (i) => `{"id":"${i}"}`;
const app = (i) => `{"id":"app-${i}"}`;
const filler = (i) => `{"id":"${i}","title":"${'t'.repeat(200)}"}`;

const cases = [
  {
    name: 'findings page of 2,000,000 small rows (under the byte cap)',
    argv: ['findings', 'list', '--app', 'a', '--limit', '250'],
    send: (res) =>
      stream(res, '{"ok":true,"response":{"has_more":false,"findings":[', 2_000_000 * scale, small, ']}}'),
  },
  {
    name: 'app list of 3,000,000 rows',
    argv: ['apps', 'list'],
    send: (res) => stream(res, '{"ok":true,"response":[', 3_000_000 * scale, app, ']}'),
  },
  {
    name: 'findings page over the byte cap, chunked',
    argv: ['findings', 'list', '--app', 'a', '--limit', '250'],
    send: (res) =>
      stream(res, '{"ok":true,"response":{"has_more":false,"findings":[', 1_500_000 * scale, filler, ']}}'),
  },
  {
    name: 'findings page over the byte cap, with a Content-Length',
    argv: ['findings', 'list', '--app', 'a', '--limit', '250'],
    send: (res) =>
      stream(
        res,
        '{"ok":true,"response":{"has_more":false,"findings":[',
        1_500_000 * scale,
        filler,
        ']}}',
        String(Math.round(1_500_000 * scale) * 225),
      ),
  },
  {
    name: 'just under the value cap: 475,000 apps',
    argv: ['apps', 'list'],
    code: 0,
    send: (res) => stream(res, '{"ok":true,"response":[', 475_000 * scale, app, ']}'),
  },
  {
    name: 'just under the byte cap: 250 findings of 125 KiB each',
    argv: ['findings', 'list', '--app', 'a', '--limit', '250', '-o', 'json'],
    code: 0,
    send: (res) =>
      stream(
        res,
        '{"ok":true,"response":{"has_more":false,"findings":[',
        250,
        (i) =>
          `{"id":"${i}","app":"a","type":"vuln","internal_id":"x${i}","description":"${'d'.repeat(125 * 1024)}"}`,
        ']}}',
      ),
  },
  {
    name: 'a page of 1,000 rows when 250 were asked for',
    argv: ['findings', 'list', '--app', 'a', '--limit', '250'],
    send: (res) => stream(res, '{"ok":true,"response":{"has_more":false,"findings":[', 1000, finding, ']}}'),
  },
];

let current;
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    current.send(res).catch(() => res.destroy());
  });
});
server.on('clientError', () => {});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const baseUrl = `http://127.0.0.1:${server.address().port}`;

/** Runs secscan under GNU time in the background (the server answers in this process). */
function run(argv) {
  const timeFile = join(dir, 'time');
  const started = process.hrtime.bigint();
  const child = spawn('/usr/bin/time', ['-f', '%M', '-o', timeFile, process.execPath, bin, ...argv], {
    env: {
      PATH: process.env.PATH,
      HOME: dir,
      SECSCAN_CONFIG_DIR: join(dir, 'config'),
      SECSCAN_BASE_URL: baseUrl,
      SECSCAN_ORG_ID: orgId,
      SECSCAN_TOKEN: 'bench-token',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c) => (stderr += c));
  return new Promise((resolve) => {
    child.on('exit', (code) => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const rssMb = Number(readFileSync(timeFile, 'utf8').trim().split('\n').pop()) / 1024;
      const error = stderr.split('\n').find((l) => l.startsWith('error:')) ?? '';
      resolve({ code, seconds, rssMb, error });
    });
  });
}

let failed = false;
for (const c of cases) {
  current = c;
  const r = await run(c.argv);
  const ok = r.code === (c.code ?? 8) && r.rssMb < targetMb;
  failed ||= !ok;
  console.log(
    `${ok ? 'ok  ' : 'FAIL'} ${c.name}: exit ${r.code}, peak RSS ${r.rssMb.toFixed(0)} MB (target < ${targetMb}), ${r.seconds.toFixed(1)} s\n     ${r.error?.slice(0, 160)}`,
  );
}
server.close();
rmSync(dir, { recursive: true, force: true });
process.exit(failed ? 1 : 0);
