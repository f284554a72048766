import { randomBytes, randomUUID } from 'node:crypto';
import { signedWebhookHeaders, webhookHeaders } from '@secscan/api/webhook-signature';
import type { SandboxState, WebhookRecord } from './state.js';

/**
 * Delivery of events to the registered webhooks. The specification names the X-SL headers (operations.md)
 * but shows neither the payload, the signed string, the algorithm nor the retry policy, so these are the
 * sandbox's own (documented in docs/guide/sandbox.md): POST of JSON with `X-SL-Event`,
 * `X-SL-Webhook-Delivery-ID` (a UUID, the same on every attempt) and `X-SL-Timestamp` (Unix seconds); for
 * `hmac` webhooks, signed twice (signedWebhookHeaders in @secscan/api/webhook-signature): Standard Webhooks'
 * `webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64>` and `X-SL-Signature: v1=<hex>`; `bearer`
 * webhooks get `Authorization: Bearer <token>` instead.
 * A network error, a timeout or a status other than 2xx is retried after each of `retryDelaysMs`.
 */

/** A secret the sandbox generates for an `hmac` webhook: 32 random bytes as Standard Webhooks writes them. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

export interface DeliveryOptions {
  log?: (line: string) => void;
  /** Waits before the second, third, ... attempt; its length is the number of retries. */
  retryDelaysMs?: readonly number[];
  timeoutMs?: number;
  /** Aborts pending deliveries (the sandbox is closing). */
  signal?: AbortSignal;
}

export interface Delivery {
  delivery_id: string;
  url: string;
  /** Settles when the event is delivered or given up on; never rejects. */
  done: Promise<boolean>;
}

export const defaultRetryDelaysMs = [1000, 2000, 4000];

/** The URL without its query and credentials: what the log may show. */
function shown(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname}`;
  } catch {
    return '(invalid url)';
  }
}

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

async function deliverOne(
  webhook: WebhookRecord,
  event: string,
  body: string,
  id: string,
  options: DeliveryOptions,
): Promise<boolean> {
  const delays = options.retryDelaysMs ?? defaultRetryDelaysMs;
  const attempts = delays.length + 1;
  const where = shown(webhook.url);
  for (let attempt = 1; attempt <= attempts; attempt++) {
    if (options.signal?.aborted) return false;
    const timestamp = Math.floor(Date.now() / 1000);
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': 'secscan-sandbox-webhooks',
      [webhookHeaders.event]: event,
      [webhookHeaders.deliveryId]: id,
      [webhookHeaders.timestamp]: String(timestamp),
    };
    if (webhook.authType === 'bearer' && webhook.token?.token) {
      headers.authorization = `Bearer ${webhook.token.token}`;
    } else if (webhook.secret) {
      Object.assign(
        headers,
        signedWebhookHeaders({ secret: webhook.secret, timestamp, deliveryId: id, body, event }),
      );
    }
    const started = performance.now();
    let outcome: string;
    try {
      const timeout = AbortSignal.timeout(options.timeoutMs ?? 5000);
      const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
      const res = await fetch(webhook.url, { method: 'POST', headers, body, signal, redirect: 'manual' });
      await res.arrayBuffer().catch(() => undefined);
      if (res.status >= 200 && res.status < 300) {
        options.log?.(
          `webhook ${event} ${id} -> ${where} attempt ${attempt}/${attempts}: ${res.status} (${Math.round(performance.now() - started)}ms) delivered`,
        );
        return true;
      }
      outcome = String(res.status);
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause;
      outcome = cause?.code ?? (error as Error).name;
    }
    const last = attempt === attempts;
    const delay = delays[attempt - 1] ?? 0;
    options.log?.(
      `webhook ${event} ${id} -> ${where} attempt ${attempt}/${attempts}: ${outcome} (${Math.round(performance.now() - started)}ms)${last ? ' gave up' : `, retrying in ${delay}ms`}`,
    );
    if (!last) await wait(delay, options.signal);
  }
  return false;
}

/** Sends `event` to every webhook registered for it; returns at once with the deliveries under way. */
export function deliverEvent(
  state: SandboxState,
  event: string,
  payload: (deliveryId: string) => Record<string, unknown>,
  options: DeliveryOptions = {},
): Delivery[] {
  return state.webhooks
    .filter((w) => w.events.includes(event))
    .map((webhook) => {
      const id = randomUUID();
      const body = JSON.stringify(payload(id));
      return { delivery_id: id, url: webhook.url, done: deliverOne(webhook, event, body, id, options) };
    });
}
