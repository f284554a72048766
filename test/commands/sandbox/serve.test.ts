import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../../src/main.js';

class Capture extends Writable {
  text = '';
  isTTY = false;

  override _write(chunk: Buffer | string, _enc: BufferEncoding, done: () => void): void {
    this.text += chunk.toString();
    done();
  }
}

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'secscan-sandbox-cmd-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function start(argv: string[], signal: AbortSignal, env: Record<string, string> = {}) {
  const stdout = new Capture();
  const stderr = new Capture();
  const code = main({
    argv,
    io: { stdin: Readable.from([]), stdout, stderr },
    env: { SECSCAN_CONFIG_DIR: join(dir, 'config'), ...env },
    version: '0.0.0-test',
    signal,
  });
  return { stdout, stderr, code };
}

/** Waits for the sandbox's lines (or its exit): the test's own timeout bounds the wait, no clock here. */
async function readyLines(stdout: Capture, code: Promise<number>): Promise<string[]> {
  let exited = false;
  void code.then(() => {
    exited = true;
  });
  while (stdout.text.split('\n').length < 4) {
    if (exited) throw new Error(`the sandbox exited before it was ready: ${stdout.text}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return stdout.text.trimEnd().split('\n');
}

// The first start loads the sandbox's modules: on a loaded 2-core machine, seconds.
describe('secscan sandbox', { timeout: 60_000 }, () => {
  it('prints exactly three lines, stores the profile, serves until aborted, then exits 0', async () => {
    const controller = new AbortController();
    const run = start(
      ['sandbox', '--port', '0', '--seed', '3', '--log', '--profile', 'demo'],
      controller.signal,
    );
    const lines = await readyLines(run.stdout, run.code);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^SECSCAN_BASE_URL=http:\/\/127\.0\.0\.1:\d+$/);
    expect(lines[1]).toMatch(/^SECSCAN_ORG_ID=[0-9a-f-]{36}$/);
    expect(lines[2]).toMatch(/^SECSCAN_TOKEN=[\w-]+\.[\w-]+\.[\w-]+$/);
    const [baseUrl, orgId, token] = lines.map((l) => l.slice(l.indexOf('=') + 1)) as [string, string, string];

    const res = await fetch(`${baseUrl}/api/v4/orgs/${orgId}/tokens`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    const config = JSON.parse(readFileSync(join(dir, 'config', 'config.json'), 'utf8'));
    expect(config.profiles.demo).toEqual({ base_url: baseUrl, org_id: orgId, token });
    expect(config.current_profile).toBe('demo');

    controller.abort();
    expect(await run.code).toBe(0);
    expect(run.stdout.text.trimEnd().split('\n')).toHaveLength(3);
    expect(run.stderr.text).toMatch(new RegExp(`GET /api/v4/orgs/${orgId}/tokens 200 \\d+ms`));
    expect(run.stderr.text).not.toContain(token);
    expect(run.stderr.text.endsWith('sandbox: stopped\n')).toBe(true);
    // The address it says it serves is the base URL to use, without /api/v4.
    expect(run.stderr.text).toContain(`sandbox: serving ${baseUrl} (the base URL: SECSCAN_BASE_URL`);
    await expect(fetch(baseUrl)).rejects.toThrow();
  });

  it('a second sandbox of the same profile gives it back as it stops; a stopped one is named, not proxies', async () => {
    const config = () => JSON.parse(readFileSync(join(dir, 'config', 'config.json'), 'utf8'));
    const first = new AbortController();
    const a = start(['sandbox', '--profile', 'demo'], first.signal);
    await readyLines(a.stdout, a.code);
    const before = config().profiles.demo;
    const second = new AbortController();
    const b = start(['sandbox', '--profile', 'demo', '--seed', '2'], second.signal);
    const [url] = (await readyLines(b.stdout, b.code)).map((l) => l.slice(l.indexOf('=') + 1));
    expect(config().profiles.demo.base_url).toBe(url);
    expect(b.stderr.text).toContain(
      `sandbox: profile demo pointed at the sandbox still serving ${before.base_url}: it points here until this sandbox stops, then back there\n`,
    );
    second.abort();
    expect(await b.code).toBe(0);
    expect(
      b.stderr.text.endsWith(
        `sandbox: stopped\nsandbox: profile demo points again at ${before.base_url}, as before this sandbox\n`,
      ),
    ).toBe(true);
    expect(config().profiles.demo).toEqual(before);
    first.abort();
    expect(await a.code).toBe(0);
    // The first had nothing to give back: the profile names a sandbox that is not running.
    expect(a.stderr.text.endsWith('sandbox: stopped\n')).toBe(true);
    const cli = start(['--retries', '0', 'apps', 'list'], new AbortController().signal);
    expect(await cli.code).toBe(7);
    expect(cli.stderr.text.split('\n')[1]).toBe(
      `hint: the sandbox of profile demo is not running (nothing listens on ${before.base_url}): start it with \`secscan sandbox --profile demo\`; nothing was sent, safe to retry`,
    );
    const fromEnv = start(['--retries', '0', 'apps', 'list'], new AbortController().signal, {
      SECSCAN_BASE_URL: before.base_url,
    });
    expect(await fromEnv.code).toBe(7);
    expect(fromEnv.stderr.text.split('\n')[1]).toBe(
      `hint: nothing listens on ${before.base_url} (from $SECSCAN_BASE_URL): start the sandbox there, or check the base URL; nothing was sent, safe to retry`,
    );
  });

  it('a profile of a service it takes over is said so, and given back as it was when it stops', async () => {
    const service = {
      base_url: 'https://app.example.com',
      org_id: '0b8e5f6a-1c2d-4e3f-8a9b-0c1d2e3f4a5b',
      token: 'a.b.c',
    };
    mkdirSync(join(dir, 'config'), { recursive: true });
    writeFileSync(
      join(dir, 'config', 'config.json'),
      JSON.stringify({ current_profile: 'demo', profiles: { demo: service } }),
      { mode: 0o600 },
    );
    const controller = new AbortController();
    const run = start(['sandbox', '--profile', 'demo'], controller.signal);
    await readyLines(run.stdout, run.code);
    expect(run.stderr.text).toContain(
      'sandbox: profile demo pointed at https://app.example.com: it points here until this sandbox stops, then back there\n',
    );
    controller.abort();
    expect(await run.code).toBe(0);
    const config = JSON.parse(readFileSync(join(dir, 'config', 'config.json'), 'utf8'));
    expect(config.profiles.demo).toEqual(service);
    expect(
      run.stderr.text.endsWith(
        'sandbox: profile demo points again at https://app.example.com, as before this sandbox\n',
      ),
    ).toBe(true);
  });

  it('--tls: a fourth line names the CA; secscan trusts it from SECSCAN_CA_FILE, and sandbox scan drives it', async () => {
    const controller = new AbortController();
    const run = start(['sandbox', '--tls'], controller.signal, { SECSCAN_STATE_DIR: join(dir, 'state') });
    await readyLines(run.stdout, run.code);
    const lines = run.stdout.text.trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^SECSCAN_BASE_URL=https:\/\/127\.0\.0\.1:\d+$/);
    expect(lines[3]).toMatch(new RegExp(`^SECSCAN_CA_FILE=${join(dir, 'state')}/sandbox-ca-\\d+\\.pem$`));
    // Debian's curl reads CURL_CA_BUNDLE, not SSL_CERT_FILE.
    expect(run.stderr.text).toContain(
      'NODE_EXTRA_CA_CERTS (Node.js), CURL_CA_BUNDLE (curl), SSL_CERT_FILE (OpenSSL',
    );
    const env = Object.fromEntries(
      lines.map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
    );
    const cli = (argv: string[], extra: Record<string, string> = env) => {
      const r = start(argv, new AbortController().signal, { ...extra, SECSCAN_CONFIG_DIR: join(dir, 'cli') });
      return r.code.then((code) => ({ code, stdout: r.stdout.text, stderr: r.stderr.text }));
    };
    const scanned = await cli(['sandbox', 'scan', '--app', 'docs-site', '--new', 'critical=1', '-o', 'json']);
    expect(scanned.stderr).toBe('');
    expect(scanned.code).toBe(0);
    expect(JSON.parse(scanned.stdout)).toMatchObject({ branch: 'main', new: [expect.any(String)] });
    const { SECSCAN_CA_FILE: _ca, ...untrusted } = env;
    const refused = await cli(['apps', 'list'], untrusted);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain('is not trusted');
    const missing = await cli(['apps', 'list'], { ...env, SECSCAN_CA_FILE: join(dir, 'nope.pem') });
    expect(missing).toMatchObject({
      code: 3,
      stderr: expect.stringContaining('SECSCAN_CA_FILE: cannot read the CA file'),
    });
    controller.abort();
    expect(await run.code).toBe(0);
  });

  it.each([
    [['--fail-rate', '2'], 'invalid value for --fail-rate: "2" (expected a number from 0 to 1)'],
    [['--fail-rate', 'often'], 'invalid value for --fail-rate: "often" (expected a number from 0 to 1)'],
    [['--port', '65536'], 'invalid value for --port: "65536" (expected a whole number from 0 to 65535)'],
    [['--port', 'http'], 'invalid value for --port: "http" (expected a whole number from 0 to 65535)'],
    [['--seed', '-1'], 'invalid value for --seed: "-1" (expected a whole number from 0 to 4294967295)'],
    [['--seed', '1.5'], 'invalid value for --seed: "1.5" (expected a whole number from 0 to 4294967295)'],
    [
      ['--latency', '60001'],
      'invalid value for --latency: "60001" (expected a whole number from 0 to 60000)',
    ],
    [['--findings', '0'], 'invalid value for --findings: "0" (expected a whole number from 1 to 2000000)'],
    [
      ['--host', 'local host'],
      'invalid value for --host: "local host" (expected a host name or an IP address)',
    ],
    [['--state', ' '], 'invalid value for --state: " " (expected a file path)'],
    [['--users-file', ''], 'invalid value for --users-file: "" (expected a file path)'],
    [['--profile', 'bad name'], `invalid value for --profile: "bad name" (letters, digits, '.', '_', '-')`],
    [
      ['--now', 'tomorrow'],
      'invalid value for --now: "tomorrow" (expected a date such as 2026-11-28 or 2026-11-28T09:00:00Z)',
    ],
    [
      ['--now', '2026-02-30'],
      'invalid value for --now: "2026-02-30" (expected a date from 2000 to 2099, e.g. 2026-11-28 or 2026-11-28T09:00:00Z)',
    ],
    [['--bogus'], "unknown option '--bogus'"],
    [['demo'], "too many arguments for 'sandbox'. Expected 0 arguments but got 1."],
  ])('exits 2 with one line naming a bad value: %j', async (argv, message) => {
    const run = start(['sandbox', ...argv], new AbortController().signal);
    expect(await run.code).toBe(2);
    expect(run.stdout.text).toBe('');
    expect(run.stderr.text.split('\n')[0]).toBe(`error: ${message}`);
  });

  it('exits 2 when the sandbox refuses an option it was given (a port in use)', async () => {
    const { createServer } = await import('node:net');
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = taken.address() as { port: number };
      const run = start(['sandbox', '--port', String(port)], new AbortController().signal);
      expect(await run.code).toBe(2);
      expect(run.stdout.text).toBe('');
      expect(run.stderr.text).toMatch(/^error: --port: cannot listen on 127\.0\.0\.1:\d+ \(EADDRINUSE\)\n$/);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it('exits 3 for an unreadable state file', async () => {
    const state = join(dir, 'state.json');
    writeFileSync(state, 'not json');
    const run = start(['sandbox', '--state', state], new AbortController().signal);
    expect(await run.code).toBe(3);
    expect(run.stderr.text).toMatch(/^error: --state: /);
  });
});
