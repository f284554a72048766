// `npm run bench:mcp`: the budgets of issue 43 for `secscan mcp`, against a local sandbox whose demo app has
// 2,000 findings. Budgets: `tools/list` at the default toolsets at most 4,000 tokens (characters / 4); a
// findings search answer at most 16 KB by default; a warm call at most 1.2x the request time of the same
// `secscan` command (its time less its start-up: the same command's usage error, which loads the verb and
// sends nothing); the server ready (its answer to `initialize`) within 1.5x the time of `secscan --version`.
// Runs are interleaved so the machine's noise hits every case alike; medians of BENCH_ROUNDS (default 15).
// BENCH_EXE=PATH runs the server and the commands as that single executable (`npm run release -- --platform
// linux-x64` makes release/secscan-linux-x64) instead of `node bin/secscan.js`; the sandbox stays the build's.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bin, startSandbox } from './sandbox.mjs';

const rounds = Number(process.env.BENCH_ROUNDS ?? 15);
const exe = process.env.BENCH_EXE;
/** The program and arguments of `secscan ARGS`. */
const secscan = (args) => (exe ? [exe, args] : [process.execPath, [bin, ...args]]);
const app = 'shiftleft-java-demo';
const configDir = mkdtempSync(join(tmpdir(), 'secscan-bench-mcp-'));
const baseEnv = {
  PATH: process.env.PATH,
  HOME: configDir,
  SECSCAN_CONFIG_DIR: configDir,
  SECSCAN_STATE_DIR: configDir,
};
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** A server driven over its standard streams: requests in, answers (by id) out. */
function server(env, args = []) {
  const started = performance.now();
  const child = spawn(...secscan(['mcp', ...args]), { env, stdio: ['pipe', 'pipe', 'ignore'] });
  const waiting = new Map();
  let rest = '';
  child.stdout.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop();
    for (const line of lines) {
      const message = JSON.parse(line);
      waiting.get(message.id)?.({ message, bytes: Buffer.byteLength(line) });
    }
  });
  let id = 0;
  const request = (method, params) =>
    new Promise((resolve) => {
      waiting.set(++id, resolve);
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    });
  const stop = () =>
    new Promise((resolve) => {
      child.once('exit', resolve);
      child.stdin.end();
    });
  return { started, request, stop };
}

const initialize = {
  protocolVersion: '2025-06-18',
  capabilities: {},
  clientInfo: { name: 'bench', version: '1' },
};

/**
 * The floor of the start (the npm build only): a Node.js that loads, through bin/load.js and its code cache,
 * the chunk of the SDK's types.js (the zod schemas of every MCP message, which the SDK's server needs before
 * it reads a message), and nothing else of secscan. build/metafile.json names the chunk.
 */
function sdkFloorArgs() {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const { outputs } = JSON.parse(readFileSync(join(root, 'build/metafile.json'), 'utf8'));
  const [output] = Object.entries(outputs).find(([, o]) =>
    Object.keys(o.inputs).some((i) => i.endsWith('@modelcontextprotocol/sdk/dist/esm/types.js')),
  );
  const chunk = basename(output).replace(/\.js$/, '.cjs');
  return [
    '-e',
    `require(${JSON.stringify(join(root, 'bin/load.js'))}).requireChunk(${JSON.stringify(chunk)})`,
  ];
}
const floorArgs = exe ? undefined : sdkFloorArgs();

const time = (args, env) => {
  const start = performance.now();
  const res = spawnSync(...secscan(args), { env, stdio: 'ignore' });
  return { ms: performance.now() - start, status: res.status };
};

const { child: sandbox, settings } = await startSandbox(['--findings', '2000'], baseEnv);
const env = { ...baseEnv, ...settings };
try {
  // Ready: spawn to the answer of `initialize`, against `secscan --version`, interleaved.
  const ready = [];
  const version = [];
  const floor = [];
  for (let i = 0; i < rounds; i++) {
    version.push(time(['--version'], env).ms);
    if (floorArgs) {
      const start = performance.now();
      spawnSync(process.execPath, floorArgs, { env, stdio: 'ignore' });
      floor.push(performance.now() - start);
    }
    const s = server(env);
    await s.request('initialize', initialize);
    ready.push(performance.now() - s.started);
    await s.stop();
  }

  // tools/list and a default findings search, by size.
  const s = server(env);
  await s.request('initialize', initialize);
  const listed = await s.request('tools/list', {});
  const listChars = JSON.stringify(listed.message.result).length;
  const readOnly = server(env, ['--read-only']);
  await readOnly.request('initialize', initialize);
  const readOnlyChars = JSON.stringify((await readOnly.request('tools/list', {})).message.result).length;
  await readOnly.stop();
  const search = (args = { app }) => s.request('tools/call', { name: 'search_findings', arguments: args });
  const first = await search();
  if (first.message.result.isError) throw new Error(first.message.result.content[0].text);
  const searchBytes = first.bytes;

  // A warm call against the same command run on its own, less its start-up.
  const warm = [];
  const command = [];
  const startup = [];
  const cli = ['findings', 'list', '--app', app, '--limit', '100', '-o', 'json'];
  for (let i = 0; i < rounds; i++) {
    const t0 = performance.now();
    await search();
    warm.push(performance.now() - t0);
    const run = time(cli, env);
    if (run.status !== 0) throw new Error(`findings list exited ${run.status}`);
    command.push(run.ms);
    startup.push(time([...cli, '--bogus'], env).ms);
  }
  await s.stop();

  const request = median(command) - median(startup);
  const rows = [
    [
      'tools/list, default toolsets',
      `${Math.round(listChars / 4)} tokens (${listChars} characters)`,
      '4,000 tokens or less',
      listChars / 4 <= 4000,
    ],
    ['tools/list, --read-only', `${Math.round(readOnlyChars / 4)} tokens`, '', true],
    [
      'search_findings answer, defaults',
      `${(searchBytes / 1024).toFixed(1)} KiB (${searchBytes} bytes)`,
      '16 KB or less',
      searchBytes <= 16_000,
    ],
    [
      'warm search_findings call vs `findings list --limit 100` less its start-up',
      `${median(warm).toFixed(1)} ms vs ${request.toFixed(1)} ms: ${(median(warm) / request).toFixed(2)}x`,
      '1.2x or less',
      median(warm) <= 1.2 * request,
    ],
    [
      'ready (initialize answered) vs `secscan --version`',
      `${median(ready).toFixed(1)} ms vs ${median(version).toFixed(1)} ms: ${(median(ready) / median(version)).toFixed(2)}x`,
      '1.5x or less',
      median(ready) <= 1.5 * median(version),
    ],
  ];
  if (floor.length) {
    rows.push([
      'the floor: Node.js loading only the SDK’s types.js (its message schemas) vs `secscan --version`',
      `${median(floor).toFixed(1)} ms: ${(median(floor) / median(version)).toFixed(2)}x`,
      '',
      true,
    ]);
  }
  console.log(
    `${exe ?? `node ${process.versions.node}`}, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  for (const [what, figure, budget, held] of rows) {
    console.log(`${held ? 'ok  ' : 'OVER'}  ${what}: ${figure}${budget ? ` (budget ${budget})` : ''}`);
  }
  process.exitCode = rows.every((r) => r[3]) ? 0 : 1;
} finally {
  sandbox.kill('SIGINT');
  rmSync(configDir, { recursive: true, force: true });
}
