import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { X509Certificate } from 'node:crypto';
import { execa } from 'execa';
import { afterAll, describe, expect, it } from 'vitest';
import { createCertificates, serverNames } from '../src/tls/certificates.js';
import { bits, integer, ipBytes, oid, time, tlv } from '../src/tls/der.js';
import { startSandbox } from '../src/start.js';

const dir = mkdtempSync(join(tmpdir(), 'secscan-tls-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const has = (tool: string, ...args: string[]) =>
  spawnSync(tool, args.length ? args : ['--version'], { stdio: 'ignore' }).status === 0;

describe('DER', () => {
  it('encodes lengths, integers, OIDs, bit strings, times and IP addresses', () => {
    expect(tlv(0x04, Buffer.alloc(200)).subarray(0, 3)).toEqual(Buffer.from([0x04, 0x81, 200]));
    expect(tlv(0x04, Buffer.alloc(300)).subarray(0, 4)).toEqual(Buffer.from([0x04, 0x82, 0x01, 0x2c]));
    expect(integer(2)).toEqual(Buffer.from([0x02, 0x01, 0x02]));
    expect(integer(Buffer.from([0x80, 0x01]))).toEqual(Buffer.from([0x02, 0x03, 0x00, 0x80, 0x01]));
    expect(integer(Buffer.from([0x00, 0x00, 0x05]))).toEqual(Buffer.from([0x02, 0x01, 0x05]));
    expect(oid('1.2.840.113549')).toEqual(Buffer.from([0x06, 0x06, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d]));
    expect(bits(Buffer.from([0x06]), true)).toEqual(Buffer.from([0x03, 0x02, 0x01, 0x06]));
    expect(bits(Buffer.from([0x80]), true)).toEqual(Buffer.from([0x03, 0x02, 0x07, 0x80]));
    expect(time(new Date('2026-01-02T03:04:05Z')).toString('latin1')).toBe('\x17\x0d260102030405Z');
    expect(time(new Date('2051-01-02T03:04:05Z')).toString('latin1')).toBe('\x18\x0f20510102030405Z');
    expect(ipBytes('127.0.0.1')).toEqual(Buffer.from([127, 0, 0, 1]));
    expect(ipBytes('::1')).toEqual(Buffer.from([...Array(15).fill(0), 1]));
    expect(ipBytes('fe80::1:2%eth0')?.toString('hex')).toBe('fe800000000000000000000000010002');
    expect(ipBytes('[2001:db8::]')?.toString('hex')).toBe('20010db8000000000000000000000000');
    for (const bad of ['256.0.0.1', '1::2::3', 'example.com', '1:2:3:4:5:6:7:8:9'])
      expect(ipBytes(bad)).toBeUndefined();
  });
});

describe('the sandbox’s certificates (node:crypto, no openssl)', () => {
  const certs = createCertificates('127.0.0.1');
  const ca = new X509Certificate(certs.caPem);
  const leaf = new X509Certificate(certs.certPem);
  writeFileSync(join(dir, 'ca.pem'), certs.caPem);
  writeFileSync(join(dir, 'leaf.pem'), certs.certPem);

  it('a CA that signs a server certificate for localhost, 127.0.0.1 and ::1', () => {
    expect(ca.ca).toBe(true);
    expect(leaf.ca).toBe(false);
    expect(ca.verify(ca.publicKey)).toBe(true);
    expect(leaf.checkIssued(ca)).toBe(true);
    expect(leaf.verify(ca.publicKey)).toBe(true);
    expect(leaf.checkHost('localhost')).toBe('localhost');
    expect(leaf.checkIP('127.0.0.1')).toBe('127.0.0.1');
    expect(leaf.checkIP('::1')).toBe('::1');
    expect(leaf.checkHost('example.com')).toBeUndefined();
    expect(Date.parse(leaf.validFrom)).toBeLessThan(Date.now());
    expect(Date.parse(leaf.validTo)).toBeGreaterThan(Date.now() + 30 * 86_400_000);
  });

  it('names every address when listening on all interfaces, and a host name when given one', () => {
    expect(serverNames('0.0.0.0').ips.length).toBeGreaterThanOrEqual(2);
    expect(serverNames('sandbox.internal').dns).toContain('sandbox.internal');
    expect(serverNames('::1').ips).toEqual(['127.0.0.1', '::1']);
  });

  it.skipIf(!has('openssl', 'version'))(
    'openssl verifies the chain in strict X.509 mode for a TLS server',
    () => {
      const out = execFileSync('openssl', [
        'verify',
        '-x509_strict',
        '-purpose',
        'sslserver',
        '-CAfile',
        join(dir, 'ca.pem'),
        join(dir, 'leaf.pem'),
      ]).toString();
      expect(out.trim()).toBe(`${join(dir, 'leaf.pem')}: OK`);
    },
  );
});

describe('sandbox --tls', () => {
  it('serves HTTPS that a client trusting only the written CA accepts; next_page is https; the CA file goes at close', async () => {
    const stateDir = join(dir, 'state');
    const sandbox = await startSandbox({ port: 0, tls: true, env: { SECSCAN_STATE_DIR: stateDir } });
    try {
      expect(sandbox.baseUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
      const caFile = sandbox.caFile as string;
      expect(caFile).toBe(join(stateDir, `sandbox-ca-${new URL(sandbox.baseUrl).port}.pem`));
      const ca = readFileSync(caFile, 'utf8');
      const path = `/api/v4/orgs/${sandbox.orgId}/apps/shiftleft-java-demo/findings?per_page=1`;
      const body = await new Promise<string>((resolve, reject) => {
        const req = request(
          `${sandbox.baseUrl}${path}`,
          { ca, headers: { authorization: `Bearer ${sandbox.token}` } },
          (res) => {
            let text = '';
            res.on('data', (c: Buffer) => (text += c.toString()));
            res.on('end', () => resolve(text));
          },
        );
        req.on('error', reject);
        req.end();
      });
      expect(JSON.parse(body).next_page).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/api\/v4\//);
      const refused = await new Promise<string>((resolve) => {
        request(`${sandbox.baseUrl}${path}`, (res) => resolve(String(res.statusCode)))
          .on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message))
          .end();
      });
      expect(refused).toMatch(/UNABLE_TO_VERIFY_LEAF_SIGNATURE|SELF_SIGNED|UNABLE_TO_GET_ISSUER/);
      if (has('python3')) {
        // Python (3.13+ verifies strictly by default) with only the sandbox's CA, as SSL_CERT_FILE would give it.
        const script = [
          'import ssl, sys, urllib.request',
          'ctx = ssl.create_default_context(cafile=sys.argv[2])',
          'ctx.verify_flags |= getattr(ssl, "VERIFY_X509_STRICT", 0)',
          'req = urllib.request.Request(sys.argv[1], headers={"Authorization": "Bearer " + sys.argv[3]})',
          'print(urllib.request.urlopen(req, context=ctx).status)',
        ].join('\n');
        // Asynchronously: the sandbox answers from this process.
        const py = await execa(
          'python3',
          ['-c', script, `${sandbox.baseUrl}${path}`, caFile, sandbox.token],
          {
            reject: false,
            timeout: 30_000,
          },
        );
        expect(py.stderr).toBe('');
        expect(py.stdout.trim()).toBe('200');
      }
      await sandbox.close();
      expect(existsSync(caFile)).toBe(false);
    } finally {
      await sandbox.close();
    }
  });

  it('writes the CA beside the --state file', async () => {
    const state = join(dir, 'beside', 'sandbox.json');
    const { mkdirSync } = await import('node:fs');
    mkdirSync(join(dir, 'beside'));
    const sandbox = await startSandbox({ port: 0, tls: true, state, env: {} });
    try {
      expect(sandbox.caFile?.startsWith(join(dir, 'beside', 'sandbox-ca-'))).toBe(true);
    } finally {
      await sandbox.close();
    }
  });
});
