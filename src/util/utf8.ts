import { ConfigError } from '../errors.js';

// fatal: a byte that is not UTF-8 throws instead of becoming U+FFFD, which would then be sent on as text.
// ignoreBOM: a byte-order mark stays in the text, as Buffer's decoding keeps it (the parsers skip it).
const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Where the first byte that does not start a well-formed UTF-8 sequence is, or -1. */
export function invalidUtf8At(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length;) {
    const lead = bytes[i] as number;
    if (lead < 0x80) {
      i++;
      continue;
    }
    const length =
      lead >= 0xc2 && lead <= 0xdf
        ? 2
        : lead >= 0xe0 && lead <= 0xef
          ? 3
          : lead >= 0xf0 && lead <= 0xf4
            ? 4
            : 0;
    if (!length || i + length > bytes.length) return i;
    // The second byte's range excludes overlong forms (E0, F0), surrogates (ED) and code points past U+10FFFF (F4).
    const low = lead === 0xe0 ? 0xa0 : lead === 0xf0 ? 0x90 : 0x80;
    const high = lead === 0xed ? 0x9f : lead === 0xf4 ? 0x8f : 0xbf;
    const second = bytes[i + 1] as number;
    if (second < low || second > high) return i;
    for (let k = 2; k < length; k++) if (((bytes[i + k] as number) & 0xc0) !== 0x80) return i;
    i += length;
  }
  return -1;
}

/**
 * The text of bytes that must be UTF-8 (a file or standard input given as input). Bytes that are not are a
 * configuration error at their line, `LABEL:LINE: ...`, rather than U+FFFD sent on as if it were text.
 */
export function decodeUtf8(bytes: Uint8Array, label: string): string {
  try {
    return strict.decode(bytes);
  } catch {
    const at = Math.max(invalidUtf8At(bytes), 0);
    const lineStart = bytes.lastIndexOf(0x0a, at - 1) + 1;
    const line = bytes.subarray(0, lineStart).filter((b) => b === 0x0a).length + 1;
    const column = strict.decode(bytes.subarray(lineStart, at)).length + 1;
    const byte = (bytes[at] ?? 0).toString(16).toUpperCase().padStart(2, '0');
    throw new ConfigError(`${label}:${line}: not UTF-8 text: byte 0x${byte} at column ${column}`, {
      hint: 'save the file as UTF-8 (for instance `iconv -f LATIN1 -t UTF-8 FILE`)',
    });
  }
}
