// Runs typical commands through the freshly built bundle (against a stub service on loopback), then writes
// V8's code cache of everything they compiled: later runs of any command skip most compilation.
import { writeFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { loaded, requireChunk } from '../bin/load.js';

const cli = requireChunk('cli.cjs', { useCache: false });

const finding = {
  id: '1',
  app: 'demo',
  type: 'vuln',
  title: 'SQL injection',
  severity: 'critical',
  category: 'SQL Injection',
  status: 'unset',
  tags: [{ key: 'cvss_31_severity_rating', value: 'critical' }],
};
// The gate on the scan of a commit (`scans check --version`): its listing, then the check.
const scan = {
  id: '2',
  app: 'demo',
  version: 'v1',
  successful: true,
  started_at: '2026-01-01T00:00:00Z',
  completed_at: '2026-01-01T00:05:00Z',
};
const summary = { matched: 0, over_threshold: 0, reachable: 0, findings: [] };
const server = createServer((req, res) => {
  const path = (req.url ?? '').split('?')[0];
  let response = [];
  if (path.endsWith('/findings')) response = { findings: [finding], has_more: false };
  else if (path.endsWith('/scans')) response = { scans: [scan] };
  else if (path.endsWith('/scans/check'))
    response = { target: { id: 2 }, rules: { r: summary }, totals: summary };
  else if (path.endsWith('/apps')) response = [{ id: 'demo', name: 'demo', tags: [] }];
  else if (path === '/api/v4/user')
    response = { idv2: 'u', name: 'demo', email: 'demo@example.com', membership: [] };
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true, response }));
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address();

class Sink extends Writable {
  _write(_chunk, _enc, done) {
    done();
  }
}

const configDir = mkdtempSync(join(tmpdir(), 'secscan-warm-'));
const claims = Buffer.from(JSON.stringify({ orgID: '8f1e2d3c-4b5a-4697-8a1b-2c3d4e5f6a7b' })).toString(
  'base64url',
);
const env = {
  SECSCAN_CONFIG_DIR: configDir,
  SECSCAN_BASE_URL: `http://127.0.0.1:${port}`,
  SECSCAN_TOKEN: `eyJhbGciOiJIUzI1NiJ9.${claims}.c2ln`,
};
const rules = join(configDir, 'rules.yml');
writeFileSync(rules, 'rules:\n  - id: r\n    tags:\n      severity: [critical]\n    threshold: 0\n');
const commands = [
  ['apps', 'list'],
  // The CI gate: its rules file, its lookup of the scan under test and its table.
  ['scans', 'check', '--compound', 'demo', '--rules', rules, '--version', 'v1'],
  ['findings', 'list', '--app', 'demo', '--limit', '20'],
  // The analytics: their aggregation and their report (an answer they refuse still compiles their code).
  ['stats', '-o', 'json'],
  ['reports', 'trends', '-o', 'json'],
  ['tokens', 'list', '-o', 'json'],
  ['whoami'],
  ['findings', 'list', '--help'],
  ['scans', 'check', '--help'],
  ['tokens', 'list', '--bogus'],
  ['--help'],
  // Reads the whole manifest: every noun's part of it gets a cache (help and usage errors of any noun read it).
  ['api', '--list'],
  // A TAB: the refresh first, so the lookup after it finds a fresh cache and starts no background process.
  ['__complete', '--refresh', 'app'],
  ['__complete', 'app'],
  ['__complete', 'profile'],
];
for (const argv of commands) {
  for (const tty of [false, true]) {
    const stdout = Object.assign(new Sink(), { isTTY: tty, columns: 80 });
    const stderr = Object.assign(new Sink(), { isTTY: false });
    try {
      await cli.main({ argv, version: '0.0.0', io: { stdin: process.stdin, stdout, stderr }, env });
    } catch {
      // A warm-up run only needs to compile; its outcome does not matter.
    }
  }
}
// `secscan mcp`: a host's first messages (initialize, the tool list, a call), then standard input ends.
{
  const { PassThrough } = await import('node:stream');
  const stdin = new PassThrough();
  // Standard input ends once the call is answered (its id, 3, on standard output), or after 10 s.
  const ended = setTimeout(() => stdin.end(), 10_000);
  const stdout = Object.assign(
    new Writable({
      write(chunk, _enc, done) {
        if (/"id":3[,}]/.test(String(chunk))) {
          clearTimeout(ended);
          stdin.end();
        }
        done();
      },
    }),
    { isTTY: false },
  );
  const stderr = Object.assign(new Sink(), { isTTY: false });
  const message = (id, method, params) => `${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`;
  const served = cli.main({ argv: ['mcp'], version: '0.0.0', io: { stdin, stdout, stderr }, env });
  stdin.write(
    message(1, 'initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'warm', version: '0' },
    }),
  );
  stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
  stdin.write(message(2, 'tools/list', {}));
  stdin.write(message(3, 'tools/call', { name: 'search_findings', arguments: { app: 'demo' } }));
  await served.catch(() => undefined);
}
server.close();
rmSync(configDir, { recursive: true, force: true });
for (const [file, { script }] of loaded) writeFileSync(`${file}.cache`, script.createCachedData());
