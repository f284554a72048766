import type { IncomingMessage } from 'node:http';

/** Headers by lower-case name; a name sent twice keeps both values (verifyWebhook refuses that). */
export type HeaderMap = Record<string, string[]>;

/** What a delivery's headers file holds: the request line and the headers as received, as on the wire. */
export function formatHead(req: IncomingMessage): string {
  const lines = [`${req.method ?? 'POST'} ${req.url ?? '/'} HTTP/${req.httpVersion}`];
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2)
    lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
  return `${lines.join('\r\n')}\r\n\r\n`;
}

function add(map: HeaderMap, name: string, value: string): void {
  const key = name.trim().toLowerCase();
  (map[key] ??= []).push(value.trim());
}

/**
 * Headers from a file: the request's head as `curl -D`, a proxy's log or `webhook listen` keep it (an
 * optional request or status line, then `Name: value` lines up to a blank line), or a JSON object of
 * names to values. Undefined when it holds neither.
 */
export function parseHeaders(text: string): HeaderMap | undefined {
  const trimmed = text.replace(/^\uFEFF/, '').trim();
  const map: HeaderMap = {};
  if (trimmed.startsWith('{')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(trimmed);
    } catch {
      return undefined;
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
    for (const [name, value] of Object.entries(parsed)) {
      const values: unknown[] = Array.isArray(value) ? value : [value];
      if (!values.every((v) => typeof v === 'string' || typeof v === 'number')) return undefined;
      for (const v of values) add(map, name, String(v));
    }
    return map;
  }
  const lines = trimmed.split(/\r?\n/);
  if (/^(?:[A-Z]+ \S+ HTTP\/\d(?:\.\d)?|HTTP\/\d(?:\.\d)? \d{3}\b.*)$/.test(lines[0] ?? '')) lines.shift();
  for (const line of lines) {
    if (line === '') break;
    const colon = line.indexOf(':');
    if (colon <= 0 || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(line.slice(0, colon))) return undefined;
    add(map, line.slice(0, colon), line.slice(colon + 1));
  }
  return Object.keys(map).length ? map : undefined;
}

/** Headers a proxy does not pass on: the connection's own, and those the new request sets itself. */
const hopByHop = new Set([
  'connection',
  'content-length',
  'expect',
  'host',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** The headers a forward or a replay sends: the delivery's, but those of its connection. */
export function forwardedHeaders(map: HeaderMap): [string, string][] {
  return Object.entries(map)
    .filter(([name]) => !hopByHop.has(name))
    .flatMap(([name, values]) => values.map((v): [string, string] => [name, v]));
}
