import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';

const hostPattern = /^[\w.:[\]-]+$/;

function first(value: string | string[] | undefined): string | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  const head = text?.split(',')[0]?.trim();
  return head ? head : undefined;
}

/** `proto` and `host` of the first (client-facing) element of an RFC 7239 `Forwarded` header. */
function forwarded(header: string | string[] | undefined): { proto?: string; host?: string } {
  const element = first(header);
  if (!element) return {};
  const out: { proto?: string; host?: string } = {};
  for (const pair of element.split(';')) {
    const i = pair.indexOf('=');
    if (i < 0) continue;
    const key = pair.slice(0, i).trim().toLowerCase();
    const value = pair
      .slice(i + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
    if (key === 'proto' || key === 'host') out[key] = value;
  }
  return out;
}

/**
 * The scheme and host the client used, for links such as `next_page`: `Forwarded`, then
 * `X-Forwarded-Proto`/`X-Forwarded-Host` (a proxy in front), then the connection (TLS or not) and `Host`.
 */
export function requestOrigin(req: IncomingMessage): string {
  const fwd = forwarded(req.headers.forwarded);
  const protoHeader = fwd.proto ?? first(req.headers['x-forwarded-proto']);
  const proto = /^https?$/i.test(protoHeader ?? '')
    ? (protoHeader as string).toLowerCase()
    : (req.socket as TLSSocket).encrypted
      ? 'https'
      : 'http';
  const candidates = [fwd.host, first(req.headers['x-forwarded-host']), req.headers.host];
  const host = candidates.find((h) => h !== undefined && hostPattern.test(h));
  if (host) return `${proto}://${host}`;
  const address = req.socket.localAddress ?? '127.0.0.1';
  return `${proto}://${address.includes(':') ? `[${address}]` : address}:${req.socket.localPort}`;
}
