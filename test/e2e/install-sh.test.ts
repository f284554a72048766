import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
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
let plain: HttpServer;
let base: string;
const caFile = join(temp, 'ca.pem');
const requests: string[] = [];

beforeAll(async () => {
  rel = release();
  const certs = createCertificates('127.0.0.1');
  writeFileSync(caFile, certs.caPem);
  plain = createHttpServer((req, res) => {
    requests.push(`http:${req.url}`);
    res.writeHead(200).end('not secscan');
  });
  await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
  server = createServer({ cert: certs.certPem, key: certs.keyPem }, (req, res) => {
    requests.push(req.url ?? '');
    // A mirror that redirects: to itself over https, or to plain http (which a download must refuse).
    const redirect = /^\/(redirect|redirect-http)\/([\w.-]+)$/.exec(req.url ?? '');
    if (redirect) {
      const to =
        redirect[1] === 'redirect' ? base : `http://127.0.0.1:${(plain.address() as AddressInfo).port}`;
      res.writeHead(302, { location: `${to}/good/${redirect[2]}` }).end();
      return;
    }
    const [, kind, file] = /^\/(good|tampered)\/([\w.-]+)$/.exec(req.url ?? '') ?? [];
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
}, 600_000);

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await new Promise((resolve) => plain?.close(resolve));
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
    expect(r.stderr).toBe(
      `install.sh: the release has no executable for darwin-arm64: installing secscan-${rel.version}.tgz, ` +
        `run by the Node.js ${process.version} on PATH\n` +
        `install.sh: secscan ${rel.version} is installed: ${r.bin}/secscan (tarball)\n` +
        `install.sh: ${r.bin} is not on PATH: add it (export PATH="${r.bin}:$PATH")\n`,
    );
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

  it('installs the arm64 executable on arm64', async () => {
    const r = await install(
      { SECSCAN_RELEASE_URL: `${base}/good` },
      { path: fakes('Linux', 'aarch64', false) },
    );
    expect(requests).toEqual(['/good/SHA256SUMS', '/good/secscan-linux-arm64']);
    expect(
      readFileSync(join(r.bin, 'secscan')).equals(readFileSync(rel.binaries['linux-arm64'] as string)),
    ).toBe(true);
    // This machine is x64 (binfmt_misc not registered): install.sh's own check cannot run it, qemu-user can.
    expect(r.stderr).toBe(`install.sh: ${r.bin}/secscan does not run\n`);
    const arm64 = spawnSync(
      'qemu-aarch64-static',
      ['-L', '/usr/aarch64-linux-gnu', join(r.bin, 'secscan'), '--version'],
      {
        encoding: 'utf8',
      },
    );
    expect(arm64.stdout).toBe(`${rel.version}\n`);
  });

  it('with wget only, follows an https redirect and refuses one to plain http, reading SECSCAN_CA_FILE', async () => {
    const noCurl = join(temp, 'no-curl');
    mkdirSync(noCurl, { recursive: true });
    for (const dir of ['/usr/bin', '/bin']) {
      for (const tool of readdirSync(dir)) {
        if (tool === 'curl' || existsSync(join(noCurl, tool))) continue;
        symlinkSync(join(dir, tool), join(noCurl, tool));
      }
    }
    const env = { SECSCAN_CA_FILE: caFile, CURL_CA_BUNDLE: '', PATH: noCurl };
    const ok = await install({ ...env, SECSCAN_RELEASE_URL: `${base}/redirect` });
    expect(ok.status, ok.stderr).toBe(0);
    expect(requests).toEqual([
      '/redirect/SHA256SUMS',
      '/good/SHA256SUMS',
      '/redirect/secscan-linux-x64',
      '/good/secscan-linux-x64',
    ]);
    const http = await install({ ...env, SECSCAN_RELEASE_URL: `${base}/redirect-http` });
    expect(http.status).toBe(1);
    const port = (plain.address() as AddressInfo).port;
    expect(http.stderr).toBe(
      `install.sh: ${base}/redirect-http/SHA256SUMS: redirected to http://127.0.0.1:${port}/good/SHA256SUMS: ` +
        'secscan is never downloaded in the clear\n',
    );
    expect(requests).toEqual(['/redirect-http/SHA256SUMS']);
    expect(readdirSync(http.bin)).toEqual([]);
    // curl refuses the same redirect, and reads SECSCAN_CA_FILE too.
    const curl = await install({
      SECSCAN_CA_FILE: caFile,
      CURL_CA_BUNDLE: '',
      SECSCAN_RELEASE_URL: `${base}/redirect-http`,
    });
    expect(curl.status).toBe(1);
    expect(curl.stderr).toContain(`install.sh: ${base}/redirect-http/SHA256SUMS: the download failed\n`);
    expect(requests).toEqual(['/redirect-http/SHA256SUMS']);
    const viaCa = await install({
      SECSCAN_CA_FILE: caFile,
      CURL_CA_BUNDLE: '',
      SECSCAN_RELEASE_URL: `${base}/good`,
    });
    expect(viaCa.status, viaCa.stderr).toBe(0);
  });

  it('writes a wrapper that runs from a PREFIX holding $, ", ` and \', and gives no PATH advice when told', async () => {
    const odd = join(temp, `odd $(touch pwned) "q" \`id\` it's`);
    const r = await install(
      {
        SECSCAN_RELEASE_URL: `${base}/good`,
        SECSCAN_INSTALL_FORM: 'tarball',
        PREFIX: odd,
        SECSCAN_NO_PATH_HINT: '1',
      },
      {},
    );
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toBe(`install.sh: secscan ${rel.version} is installed: ${odd}/bin/secscan (tarball)\n`);
    const ran = spawnSync(join(odd, 'bin', 'secscan'), ['--version'], { encoding: 'utf8', cwd: temp });
    expect(ran.stdout).toBe(`${rel.version}\n`);
    expect(existsSync(join(temp, 'pwned'))).toBe(false);
  });

  it('refuses a bin/secscan that is a directory and a bin that is a file, in one line, before downloading', async () => {
    const taken = join(temp, 'taken');
    mkdirSync(join(taken, 'bin', 'secscan'), { recursive: true });
    const dir = await install({ SECSCAN_RELEASE_URL: `${base}/good`, PREFIX: taken });
    expect(dir.status).toBe(1);
    expect(dir.stderr).toBe(
      `install.sh: ${taken}/bin/secscan is a directory: nothing installed (remove it, or set PREFIX)\n`,
    );
    expect(readdirSync(join(taken, 'bin', 'secscan'))).toEqual([]);
    const file = join(temp, 'file-prefix');
    mkdirSync(file);
    writeFileSync(join(file, 'bin'), '');
    const blocked = await install({ SECSCAN_RELEASE_URL: `${base}/good`, PREFIX: file });
    expect(blocked.status).toBe(1);
    expect(blocked.stderr).toBe(
      `install.sh: ${file}/bin is not a directory: nothing installed (set PREFIX to another place)\n`,
    );
    expect(requests).toEqual([]);
  });
});
