import { UsageError } from '../errors.js';

/** A header name: an HTTP token. */
const token = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * Headers -H may not set: the token comes from the settings and is never replaced from the command line,
 * and the client frames the request itself (its length, its connection).
 */
const reserved: Record<string, string> = {
  authorization:
    'the token comes from the settings (SECSCAN_TOKEN or the profile); -H cannot replace it (use --profile, or SECSCAN_TOKEN=... for another token)',
  host: 'the host is the configured service (--base-url)',
  'content-length': 'the client sets the length of the body',
  'transfer-encoding': 'the client frames the body',
  connection: 'the client manages its connections',
  'keep-alive': 'the client manages its connections',
  upgrade: 'the client manages its connections',
  expect: 'the client sends the body at once',
  te: 'the client frames the answer',
  trailer: 'the client frames the request',
};

/** `-H KEY:VALUE` as `gh api -H`: repeatable; a repeated name keeps its last value. */
export function parseHeaders(raws: readonly string[] | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const raw of raws ?? []) {
    const colon = raw.indexOf(':');
    const name = colon > 0 ? raw.slice(0, colon).trim() : '';
    if (!token.test(name)) {
      throw new UsageError(
        `invalid value for -H, --header: ${JSON.stringify(raw)} (expected KEY:VALUE, e.g. "Accept: text/csv")`,
      );
    }
    const value = raw.slice(colon + 1).trim();
    if (/[\r\n\0]/.test(value)) {
      throw new UsageError(`invalid value for -H ${name}: a header value cannot hold a line break`);
    }
    const lower = name.toLowerCase();
    const why = reserved[lower];
    if (why) throw new UsageError(`-H ${name} is not allowed: ${why}`);
    headers[lower] = value;
  }
  return headers;
}
