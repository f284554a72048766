import { createHash } from 'node:crypto';

/** The namespace of secscan's name-based UUIDs (RFC 9562 §5.5: SHA-1 of namespace and name). */
const namespace = Buffer.from('6f1c2a4e9b3d4e0f8a7b5c6d7e8f9a0b', 'hex');

/** A version 5 UUID of `name`: the same name gives the same UUID, so a document's serial number is stable. */
export function uuidV5(name: string): string {
  const hash = createHash('sha1').update(namespace).update(name, 'utf8').digest();
  hash[6] = ((hash[6] as number) & 0x0f) | 0x50;
  hash[8] = ((hash[8] as number) & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A short stable digest of a text, for identifiers that allow only some characters (SPDX ids). */
export function digest(text: string, length = 16): string {
  return createHash('sha256').update(text, 'utf8').digest('hex').slice(0, length);
}

/** Code-point order, the same on every machine and locale (localeCompare is not). */
export function byText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * An instant as ISO 8601 in UTC to the second, `2026-09-01T10:05:00Z`: what SPDX 3 (and cdxgen's conversion
 * to it) takes, and what the service's times hold.
 */
export function wholeSeconds(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}
