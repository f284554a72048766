import { errorCode } from '../api/wire.js';
import { anySignal } from '../util/any-signal.js';

/** How long a forward or a replay waits for the receiver's answer. */
const timeoutMs = 10_000;

export interface Sent {
  /** The receiver's status, or why there is none (ECONNREFUSED, TimeoutError). */
  status: number | string;
  /** The start of its answer's text (untrusted: sanitize before showing it). */
  answer: string;
}

/**
 * POSTs a delivery, unchanged, to `url`. Redirects are not followed (a delivery is not sent on to another
 * host).
 */
export async function send(
  url: string,
  headers: [string, string][],
  body: Uint8Array,
  signal: AbortSignal,
): Promise<Sent> {
  // Released once the answer is read: a listener's signal, which lives as long as it runs, keeps nothing of
  // each delivery it forwards.
  const stop = anySignal([signal, AbortSignal.timeout(timeoutMs)]);
  try {
    const res = await fetch(url, { method: 'POST', headers, body, redirect: 'manual', signal: stop.signal });
    const answer = await res.text().catch(() => '');
    return { status: res.status, answer: answer.slice(0, 500) };
  } catch (error) {
    // The socket's code (ECONNREFUSED), else what fetch says of it (a port it will not use), else the error's.
    const cause = (error as { cause?: { message?: string } }).cause;
    return { status: errorCode(error) ?? (cause?.message || (error as Error).name), answer: '' };
  } finally {
    stop.release();
  }
}

/** An http(s) URL, or undefined. */
export function httpUrl(value: string): URL | undefined {
  try {
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) ? url : undefined;
  } catch {
    return undefined;
  }
}
