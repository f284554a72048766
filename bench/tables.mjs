// `npm run bench:tables`: the project's streamed table writer (src/output/core/table.ts) against cli-table3, the
// library the design card names, on what a person sees: 20,000 findings at 80 columns. Each side runs in a
// process of its own and reports its peak RSS, the time until its first line and the total time; the load
// time of each (median of 15 runs) is measured against `node -e 0`. cli-table3 is installed into a
// temporary directory for the run (npm install; it is not a dependency of secscan).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
// 20,000 rows: cli-table3's time grows faster than its rows (22 s at 20,000; a run at 100,000 did not end
// within 9 minutes), so the comparison stops there; bench/findings.mjs measures -o table at 100,000.
const rows = Number(process.env.BENCH_ROWS ?? 20_000);
const dir = mkdtempSync(join(tmpdir(), 'secscan-bench-tables-'));

/** Rows as `findings list` shows them, made as they are needed (never an array of them). */
const generator = `
const severities = ['critical', 'high', 'medium', 'low'];
const titles = ['Remote code execution in a logging dependency', 'Log Forging: request data is written to the log unescaped',
  'Cross-Site Scripting: request data is written to an HTML response', 'Weak hash algorithm used for passwords'];
const people = ['', 'member@initech.example', 'team-defined@initech.example', 'power-user@initech.example'];
function* findings(n) {
  for (let i = n; i > 0; i--)
    yield { id: i, severity: severities[i % 4], type: 'vuln', title: titles[i % 4] + ' #' + (i % 97),
      category: 'Category ' + (i % 13), status: 'unset', assignee: people[i % 4] };
}
const columns = [
  { key: 'id', header: 'ID' }, { key: 'severity', header: 'SEVERITY' }, { key: 'type', header: 'TYPE', priority: 3 },
  { key: 'title', header: 'TITLE', min: 30 }, { key: 'category', header: 'CATEGORY', priority: 4 },
  { key: 'status', header: 'STATUS', priority: 2 }, { key: 'assignee', header: 'ASSIGNEE' },
];
let first;
const started = process.hrtime.bigint();
const ms = () => Number(process.hrtime.bigint() - started) / 1e6;
const out = require('node:fs').openSync('/dev/null', 'w');
const write = (text) => { first ??= ms(); require('node:fs').writeSync(out, text); };
const report = () => console.log(JSON.stringify({ firstMs: first, totalMs: ms(), rssMb: process.resourceUsage().maxRSS / 1024 }));
`;

const ours = `${generator}
const { TableWriter, loadWidths } = require(${JSON.stringify(join(dir, 'table.cjs'))});
// No colour: the cells as they are.
const chalk = { bold: (text) => text };
loadWidths().then(() => {
  const table = new TableWriter(columns, chalk, { width: 80 });
  for (const row of findings(${rows})) { const text = table.add(row); if (text) write(text); }
  write(table.end());
  report();
});
`;

// cli-table3, borderless, in the widths the project's planning gives at 80 columns (ID, SEVERITY, TITLE,
// ASSIGNEE), truncating with an ellipsis: it renders only once every row has been pushed.
const theirs = `${generator}
const Table = require('cli-table3');
const none = { top: '', 'top-mid': '', 'top-left': '', 'top-right': '', bottom: '', 'bottom-mid': '', 'bottom-left': '',
  'bottom-right': '', left: '', 'left-mid': '', mid: '', 'mid-mid': '', right: '', 'right-mid': '', middle: '  ' };
const shown = ['id', 'severity', 'title', 'assignee'];
const table = new Table({ head: ['ID', 'SEVERITY', 'TITLE', 'ASSIGNEE'], chars: none, colWidths: [6, 8, 32, 28],
  style: { head: [], border: [], 'padding-left': 0, 'padding-right': 0 }, wordWrap: false, truncate: '…' });
for (const row of findings(${rows})) table.push(shown.map((k) => String(row[k])));
write(table.toString() + '\\n');
report();
`;

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Median wall time of `node -e CODE` in milliseconds. */
function loadTime(code, cwd) {
  const times = [];
  for (let i = 0; i < 15; i++) {
    const started = process.hrtime.bigint();
    execFileSync(process.execPath, ['-e', code], { cwd });
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return median(times);
}

try {
  execFileSync(
    'npm',
    ['install', '--prefix', dir, '--no-audit', '--no-fund', '--silent', 'cli-table3@0.6.5'],
    {
      stdio: 'inherit',
    },
  );
  // The project's table writer and its width measure, bundled as the CLI bundles them (string-width inside).
  await build({
    stdin: {
      contents:
        "export { TableWriter } from './src/output/core/table.ts'; export { loadWidths } from './src/streams/width.ts';",
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['chalk'],
    outfile: join(dir, 'table.cjs'),
    logLevel: 'error',
  });
  const run = (name, code) => {
    const file = join(dir, `${name}.cjs`);
    writeFileSync(file, code);
    const res = spawnSync(process.execPath, [file], {
      encoding: 'utf8',
      env: { ...process.env, NODE_PATH: `${join(dir, 'node_modules')}:${join(root, 'node_modules')}` },
    });
    if (res.status !== 0) throw new Error(`${name}: ${res.stderr}`);
    return JSON.parse(res.stdout);
  };
  const results = { secscan: run('ours', ours), 'cli-table3': run('theirs', theirs) };
  const base = loadTime('0', dir);
  const load = {
    secscan: loadTime(`require(${JSON.stringify(join(dir, 'table.cjs'))})`, root) - base,
    'cli-table3': loadTime("require('cli-table3')", dir) - base,
  };
  console.log(`\n${rows.toLocaleString('en-US')} rows at 80 columns (node ${process.version})`);
  console.log('table writer         load ms  first line ms  total ms  peak RSS MB');
  for (const [name, r] of Object.entries(results))
    console.log(
      `${name.padEnd(19)}  ${load[name].toFixed(1).padStart(7)}  ${r.firstMs.toFixed(0).padStart(13)}  ` +
        `${r.totalMs.toFixed(0).padStart(8)}  ${r.rssMb.toFixed(0).padStart(11)}`,
    );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
