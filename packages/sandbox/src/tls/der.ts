/**
 * The few ASN.1 DER encodings an X.509 certificate needs (ITU-T X.690): enough to build the sandbox's CA
 * and server certificate with node:crypto alone, without a native dependency or the openssl binary.
 */

function length(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

export function tlv(tag: number, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag]), length(body.length), body]);
}

export const sequence = (...items: Buffer[]): Buffer => tlv(0x30, ...items);
export const set = (...items: Buffer[]): Buffer => tlv(0x31, ...items);
export const octets = (bytes: Buffer): Buffer => tlv(0x04, bytes);
export const boolean = (value: boolean): Buffer => tlv(0x01, Buffer.from([value ? 0xff : 0x00]));
export const utf8 = (text: string): Buffer => tlv(0x0c, Buffer.from(text, 'utf8'));
/** `[n] EXPLICIT`: a constructed context-specific tag around an encoding. */
export const explicit = (n: number, inner: Buffer): Buffer => tlv(0xa0 | n, inner);
/** `[n] IMPLICIT` of a primitive value (GeneralName's dNSName, iPAddress; a key identifier). */
export const implicit = (n: number, bytes: Buffer): Buffer => tlv(0x80 | n, bytes);

/** A non-negative INTEGER from big-endian bytes (a leading zero keeps it positive). */
export function integer(value: number | Buffer): Buffer {
  let bytes = typeof value === 'number' ? Buffer.from([value]) : value;
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0 && ((bytes[start + 1] as number) & 0x80) === 0)
    start++;
  bytes = bytes.subarray(start);
  return tlv(0x02, ((bytes[0] as number) & 0x80) !== 0 ? Buffer.concat([Buffer.from([0]), bytes]) : bytes);
}

export function oid(dotted: string): Buffer {
  const arcs = dotted.split('.').map(Number);
  const out: number[] = [40 * (arcs[0] as number) + (arcs[1] as number)];
  for (const arc of arcs.slice(2)) {
    const chunk: number[] = [arc & 0x7f];
    for (let v = Math.floor(arc / 128); v > 0; v = Math.floor(v / 128)) chunk.unshift((v & 0x7f) | 0x80);
    out.push(...chunk);
  }
  return tlv(0x06, Buffer.from(out));
}

/** A BIT STRING of whole bytes, or of named bits (key usage) with its trailing zero bits left out. */
export function bits(bytes: Buffer, namedBits = false): Buffer {
  if (!namedBits) return tlv(0x03, Buffer.from([0]), bytes);
  let unused = 0;
  const last = bytes[bytes.length - 1] as number;
  while (unused < 7 && (last & (1 << unused)) === 0) unused++;
  return tlv(0x03, Buffer.from([unused]), bytes);
}

/** UTCTime up to 2049, GeneralizedTime after, as RFC 5280 requires. */
export function time(date: Date): Buffer {
  const iso = date.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return date.getUTCFullYear() < 2050
    ? tlv(0x17, Buffer.from(`${iso.slice(2)}Z`))
    : tlv(0x18, Buffer.from(`${iso}Z`));
}

/** The 4 or 16 bytes of an IP address (`iPAddress` in a subjectAltName). */
export function ipBytes(address: string): Buffer | undefined {
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(address)) {
    const parts = address.split('.').map(Number);
    return parts.every((p) => p <= 255) ? Buffer.from(parts) : undefined;
  }
  const text = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!text.includes(':')) return undefined;
  const [head = '', tail, extra] = text.split('::');
  if (extra !== undefined) return undefined;
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const missing = 8 - left.length - right.length;
  if ((tail === undefined && missing !== 0) || missing < 0) return undefined;
  const all = [...left, ...Array<string>(missing).fill('0'), ...right];
  if (!all.every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return undefined;
  return Buffer.from(all.flatMap((g) => [parseInt(g, 16) >> 8, parseInt(g, 16) & 0xff]));
}
