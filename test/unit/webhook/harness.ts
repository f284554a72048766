import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signedWebhookHeaders } from '@secscan/api/webhook-signature';
import type { StoreDisk } from '../../../src/webhook/keep.js';
import { type ReceivedEvent, type Receiver, startReceiver } from '../../../src/webhook/receiver.js';

export const secret = 'whsec_c2VjcmV0IG9mIHRoZSByZWNlaXZlciB0ZXN0cw==';

/** A receiver started in this process on `dir`, with its events and a wait for the one of a delivery id. */
export interface Running {
  receiver: Receiver;
  events: ReceivedEvent[];
  /** Resolves with the first event (reported so far or later) that matches. */
  event(match: (e: ReceivedEvent) => boolean): Promise<ReceivedEvent>;
}

export async function receive(
  dir: string,
  options: { disk?: StoreDisk; requestTimeoutMs?: number } = {},
): Promise<Running> {
  const events: ReceivedEvent[] = [];
  const waiting: { match: (e: ReceivedEvent) => boolean; resolve(e: ReceivedEvent): void }[] = [];
  const receiver = await startReceiver({
    port: 0,
    dir,
    secret,
    tolerance: 300,
    forwardTo: undefined,
    signal: new AbortController().signal,
    requestTimeoutMs: options.requestTimeoutMs ?? 60_000,
    ...(options.disk ? { disk: options.disk } : {}),
    onEvent(e) {
      events.push(e);
      for (const w of waiting.filter((x) => x.match(e))) {
        waiting.splice(waiting.indexOf(w), 1);
        w.resolve(e);
      }
    },
  });
  return {
    receiver,
    events,
    event(match) {
      const seen = events.find(match);
      return seen ? Promise.resolve(seen) : new Promise((resolve) => waiting.push({ match, resolve }));
    },
  };
}

/** A delivery as the sandbox sends one, signed now (a retry of the same id is signed again). */
export async function deliver(
  url: string,
  id: string = randomUUID(),
  body = `{"delivery_id":"${id}"}`,
  signal?: AbortSignal,
) {
  const timestamp = Math.floor(Date.now() / 1000);
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...signedWebhookHeaders({ body, secret, timestamp, deliveryId: id, event: 'scan.finished' }),
    },
    body,
    ...(signal ? { signal } : {}),
  });
  return { id, status: res.status, text: await res.text() };
}

/** A temporary directory, removed by the returned function. */
export function tempDir(prefix: string): [string, () => void] {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return [dir, () => rmSync(dir, { recursive: true, force: true })];
}
