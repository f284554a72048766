import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCertificates } from '../../packages/sandbox/src/tls/certificates.js';
import { type Release, release, root } from '../helpers/release.js';

/**
 * install.sh (the root's, and the copy a release attaches) against a release served over HTTPS on loopback
 * (a CA of the test's own, which curl is told to trust with CURL_CA_BUNDLE): `/good/` serves the release
 * as it is, `/tampered/` the same with one byte of the executable and of the tarball changed.
 */
const temp = mkdtempSync(join(tmpdir(), 'secscan-install-sh-'));
let rel: Release;
let server: Server;
let base: string;
const caFile = join(temp, 'ca.pem');
const requests: string[] = [];

beforeAll(async () => {
  rel = release();
  const certs = createCertificates('127.0.0.1');
  writeFileSync(caFile, certs.caPem);
  server = createServer({ cert: certs.certPem, key: certs.keyPem }, (req, res) => {
    const [, kind, file] = /^\/(good|tampered)\/([\w.-]+)$/.exec(req.url ?? '') ?? [];
    requests.push(req.url ?? '');
    if (!kind || !file || (!Object.hasOwn(rel.sums, file) && file !== 'SHA256SUMS')) {
      res.writeHead(404).end();
      return;
    }
    const body = readFileSync(join(rel.dir, file));
    if (kind === 'tampered' && (file === 'secscan-linux-x64' || file.endsWith('.tgz'))) {
      body[body.length - 100] = (body[body.length - 100] as number) ^ 1;
    }
    res.writeHead(200, { 'content-length': body.length }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 300_000);

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  rmSync(temp, { recursive: true, force: true });
});

let count = 0;

/**
 * Runs an install.sh with a home, a TMPDIR and a PREFIX of its own; `path` goes before PATH. Not spawnSync:
 * the server answering it runs in this process.
 */
async function install(env: Record<string, string>, { script = join(root, 'install.sh'), path = '' } = {}) {
  const dir = join(temp, `run-${(count += 1)}`);
  mkdirSync(join(dir, 'tmp'), { recursive: true });
  requests.length = 0;
  const child = spawn('sh', [script], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: `${path}${process.env.PATH}`,
      HOME: join(dir, 'home'),
      TMPDIR: join(dir, 'tmp'),
      PREFIX: join(dir, 'prefix'),
      CURL_CA_BUNDLE: caFile,
      ...env,
    },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return {
    status,
    stdout,
    stderr,
    dir,
    bin: join(dir, 'prefix', 'bin'),
    tmp: () => readdirSync(join(dir, 'tmp')),
  };
}

/** A directory of fakes: `uname` saying `system machine`, and a `node` that is not there. */
function fakes(system: string, machine: string, withNode: boolean): string {
  const dir = mkdtempSync(join(temp, 'fakes-'));
  writeFileSync(
    join(dir, 'uname'),
    `#!/bin/sh\ncase "$1" in -s) echo ${system} ;; -m) echo ${machine} ;; esac\n`,
  );
  chmodSync(join(dir, 'uname'), 0o755);
  if (!withNode) {
    writeFileSync(join(dir, 'node'), '#!/bin/sh\nexit 127\n');
    chmodSync(join(dir, 'node'), 0o755);
  }
  return `${dir}:`;
}

describe('install.sh', () => {
  it('installs the executable for linux-x64, checked against SHA256SUMS, into $PREFIX/bin', async () => {
    const r = await install({ SECSCAN_RELEASE_URL: `${base}/good` });
    expect(r.status, r.stderr).toBe(0);
    expect(requests).toEqual(['/good/SHA256SUMS', '/good/secscan-linux-x64']);
    expect(r.stderr.split('\n')[0]).toBe(
      `install.sh: secscan ${rel.version} is installed: ${r.bin}/secscan (binary)`,
    );
    expect(readFileSync(join(r.bin, 'secscan')).equals(readFileSync(rel.binary))).toBe(true);
    expect(readdirSync(r.bin)).toEqual(['secscan']);
    expect(spawnSync(join(r.bin, 'secscan'), ['--version'], { encoding: 'utf8' }).stdout).toBe(
      `${rel.version}\n`,
    );
    expect(r.tmp()).toEqual([]);
  });

  it('installs the tarball and its man pages where the platform has no executable and Node.js is there', async () => {
    const r = await install(
      { SECSCAN_RELEASE_URL: `${base}/good` },
      { path: fakes('Darwin', 'arm64', true) },
    );
    expect(r.status, r.stderr).toBe(0);
    expect(requests).toEqual(['/good/SHA256SUMS', `/good/secscan-${rel.version}.tgz`]);
    expect(r.stderr).toContain(`is installed: ${r.bin}/secscan (tarball)`);
    expect(spawnSync(join(r.bin, 'secscan'), ['--version'], { encoding: 'utf8' }).stdout).toBe(
      `${rel.version}\n`,
    );
    expect(readdirSync(join(r.dir, 'prefix', 'share', 'man', 'man1'))).toContain('secscan-scans.1');
    expect(readdirSync(join(r.dir, 'prefix', 'lib'))).toEqual([`secscan-${rel.version}`]);
  });

  it('refuses a tampered file in one line, installing nothing and leaving nothing behind', async () => {
    for (const [form, file] of [
      ['binary', 'secscan-linux-x64'],
      ['tarball', `secscan-${rel.version}.tgz`],
    ] as const) {
      const r = await install({ SECSCAN_RELEASE_URL: `${base}/tampered`, SECSCAN_INSTALL_FORM: form });
      expect(r.status, form).toBe(1);
      const got = /SHA-256 ([0-9a-f]{64}), not/.exec(r.stderr)?.[1];
      expect(got).not.toBe(rel.sums[file]);
      expect(r.stderr).toBe(
        `install.sh: ${file} does not match SHA256SUMS (SHA-256 ${got}, not ${rel.sums[file]}): nothing installed\n`,
      );
      expect(readdirSync(r.bin)).toEqual([]);
      expect(r.tmp()).toEqual([]);
    }
  });

  it('refuses a plain-http URL, an unknown platform without Node.js, and no repository, each in one line', async () => {
    const http = await install({ SECSCAN_RELEASE_URL: 'http://127.0.0.1:9/release' });
    expect(http.status).toBe(1);
    expect(http.stderr).toBe(
      'install.sh: http://127.0.0.1:9/release: not an https:// URL: secscan is never downloaded in the clear\n',
    );
    const freebsd = await install(
      { SECSCAN_RELEASE_URL: `${base}/good` },
      { path: fakes('FreeBSD', 'amd64', false) },
    );
    expect(freebsd.status).toBe(1);
    expect(freebsd.stderr).toBe(
      "install.sh: the release has no executable for freebsd-x64, and secscan's tarball needs Node.js 20.19 or later on PATH\n",
    );
    expect(requests).toEqual(['/good/SHA256SUMS']);
    const nowhere = await install({});
    expect(nowhere.stderr).toBe(
      'install.sh: set SECSCAN_REPO to the repository secscan is released from (owner/name), or SECSCAN_RELEASE_URL\n',
    );
  });

  it("the release's copy installs its own release from its repository on GitHub", async () => {
    // A closed port answers for GitHub: nothing leaves the machine.
    const r = await install({ https_proxy: 'http://127.0.0.1:9' }, { script: join(rel.dir, 'install.sh') });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(
      `install.sh: https://github.com/secscan-test/secscan/releases/download/v${rel.version}/SHA256SUMS: the download failed\n`,
    );
  });
});
