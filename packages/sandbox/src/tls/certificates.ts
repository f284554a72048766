import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { hostname, networkInterfaces } from 'node:os';
import {
  bits,
  boolean,
  explicit,
  implicit,
  integer,
  ipBytes,
  octets,
  oid,
  sequence,
  set,
  time,
  utf8,
} from './der.js';

/**
 * The sandbox's TLS identity, made at start with node:crypto: a private CA (written for clients to trust)
 * and a server certificate it signs for the names and addresses the sandbox answers on. ECDSA P-256 with
 * SHA-256, and the extensions strict verifiers ask for (Python's VERIFY_X509_STRICT, Go, OpenSSL 3).
 */

export interface SandboxCertificates {
  /** PEM of the CA certificate: what clients trust (SECSCAN_CA_FILE, NODE_EXTRA_CA_CERTS, ...). */
  caPem: string;
  /** PEM of the server certificate and its private key, for the HTTPS server. */
  certPem: string;
  keyPem: string;
  /** DNS names and IP addresses the server certificate names. */
  names: { dns: string[]; ips: string[] };
}

const ecdsaWithSha256 = sequence(oid('1.2.840.10045.4.3.2'));
const ext = {
  basicConstraints: '2.5.29.19',
  keyUsage: '2.5.29.15',
  extKeyUsage: '2.5.29.37',
  subjectAltName: '2.5.29.17',
  subjectKeyIdentifier: '2.5.29.14',
  authorityKeyIdentifier: '2.5.29.35',
};
const day = 86_400_000;

function extension(id: string, critical: boolean, value: Buffer): Buffer {
  return sequence(oid(id), ...(critical ? [boolean(true)] : []), octets(value));
}

function name(commonName: string): Buffer {
  return sequence(
    set(sequence(oid('2.5.4.10'), utf8('secscan sandbox'))),
    set(sequence(oid('2.5.4.3'), utf8(commonName))),
  );
}

function spki(key: KeyObject): Buffer {
  return key.export({ type: 'spki', format: 'der' });
}

/** RFC 5280's method 1: SHA-1 of the subjectPublicKey bits (for P-256, the last 65 bytes of the SPKI). */
function keyId(key: KeyObject): Buffer {
  return createHash('sha1').update(spki(key).subarray(-65)).digest();
}

function pem(label: string, der: Buffer): string {
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

interface CertInput {
  subject: string;
  issuer: string;
  publicKey: KeyObject;
  signingKey: KeyObject;
  notBefore: Date;
  notAfter: Date;
  extensions: Buffer[];
}

function certificate(input: CertInput): Buffer {
  const serial = randomBytes(16);
  serial[0] = ((serial[0] as number) & 0x7f) | 0x01;
  const tbs = sequence(
    explicit(0, integer(2)),
    integer(serial),
    ecdsaWithSha256,
    name(input.issuer),
    sequence(time(input.notBefore), time(input.notAfter)),
    name(input.subject),
    spki(input.publicKey),
    explicit(3, sequence(...input.extensions)),
  );
  const signature = sign('sha256', tbs, input.signingKey);
  return sequence(tbs, ecdsaWithSha256, bits(signature));
}

/** The names a server on `host` is reached by: loopback always, and every address when on all interfaces. */
export function serverNames(host: string): { dns: string[]; ips: string[] } {
  const dns = new Set(['localhost']);
  const ips = new Set(['127.0.0.1', '::1']);
  const bare = host.replace(/^\[|\]$/g, '');
  if (bare === '0.0.0.0' || bare === '::' || bare === '') {
    dns.add(hostname());
    for (const list of Object.values(networkInterfaces())) {
      for (const info of list ?? []) ips.add(info.address.replace(/%.*$/, ''));
    }
  } else if (ipBytes(bare)) ips.add(bare);
  else if (/^[A-Za-z0-9.-]+$/.test(bare)) dns.add(bare.toLowerCase());
  return { dns: [...dns], ips: [...ips].filter((ip) => ipBytes(ip)) };
}

/** A fresh CA and a server certificate for `host`, valid from an hour ago for 90 days. */
export function createCertificates(host: string, now = new Date()): SandboxCertificates {
  const ca = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const server = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const notBefore = new Date(now.getTime() - 3_600_000);
  const notAfter = new Date(now.getTime() + 90 * day);
  const caName = `secscan sandbox CA ${randomBytes(4).toString('hex')}`;
  const caKeyId = keyId(ca.publicKey);
  const caDer = certificate({
    subject: caName,
    issuer: caName,
    publicKey: ca.publicKey,
    signingKey: ca.privateKey,
    notBefore,
    notAfter,
    extensions: [
      extension(ext.basicConstraints, true, sequence(boolean(true), integer(0))),
      // keyCertSign and cRLSign.
      extension(ext.keyUsage, true, bits(Buffer.from([0x06]), true)),
      extension(ext.subjectKeyIdentifier, false, octets(caKeyId)),
    ],
  });
  const names = serverNames(host);
  const altNames = [
    ...names.dns.map((d) => implicit(2, Buffer.from(d, 'ascii'))),
    ...names.ips.map((ip) => implicit(7, ipBytes(ip) as Buffer)),
  ];
  const serverDer = certificate({
    subject: names.dns[0] ?? 'localhost',
    issuer: caName,
    publicKey: server.publicKey,
    signingKey: ca.privateKey,
    notBefore,
    notAfter,
    extensions: [
      extension(ext.basicConstraints, true, sequence()),
      // digitalSignature.
      extension(ext.keyUsage, true, bits(Buffer.from([0x80]), true)),
      extension(ext.extKeyUsage, false, sequence(oid('1.3.6.1.5.5.7.3.1'))),
      extension(ext.subjectAltName, false, sequence(...altNames)),
      extension(ext.subjectKeyIdentifier, false, octets(keyId(server.publicKey))),
      extension(ext.authorityKeyIdentifier, false, sequence(implicit(0, caKeyId))),
    ],
  });
  return {
    caPem: pem('CERTIFICATE', caDer),
    certPem: pem('CERTIFICATE', serverDer),
    keyPem: server.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
    names,
  };
}
