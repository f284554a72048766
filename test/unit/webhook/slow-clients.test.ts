import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReceivedEvent } from '../../../src/webhook/receiver.js';
import { receive, type Running, tempDir } from './harness.js';

/**
 * Issue 41 §4: a client that sends its head or its body a byte now and then holds the listener's connection
 * only until the request's deadline (here 1 s, `--request-timeout`; a minute by default): then it is answered
 * 408 and the socket destroyed, however the client goes on sending. The tests wait on the socket's close.
 */

const [dir, cleanup] = tempDir('secscan-slow-');
let listener: Running;
let port: number;

beforeAll(async () => {
  listener = await receive(dir, { requestTimeoutMs: 1000 });
  port = Number(new URL(listener.receiver.url).port);
});
afterAll(async () => {
  await listener?.receiver.close();
  cleanup();
});

/**
 * Opens a connection, sends `start`, then one byte of `drip` every 50 ms for as long as the socket is open,
 * as a hostile client does: it never ends its side (half-open) when the listener ends its own. Resolves with
 * what the listener answered once the socket is closed.
 */
function slowClient(start: string, drip = 'a'): Promise<string> {
  return new Promise((resolve) => {
    const socket: Socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
    let answer = '';
    let timer: NodeJS.Timeout | undefined;
    socket.on('connect', () => {
      if (start) socket.write(start);
      if (drip) timer = setInterval(() => socket.write(drip), 50);
    });
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('error', () => undefined);
    const done = () => {
      clearInterval(timer);
      resolve(answer);
    };
    socket.on('close', done);
    // Sending nothing, it never learns that its half is closed too: the listener's end is the state.
    if (!drip) socket.on('end', done);
  });
}

const reported = (reason: RegExp) => listener.event((e: ReceivedEvent) => reason.test(e.reason ?? ''));

describe('webhook listen: slow clients are cut at the request deadline', () => {
  it('a head sent a byte at a time: 408, the socket destroyed, reported malformed', async () => {
    const answer = await slowClient('POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(answer).toMatch(/\r\n\r\nthe request's head did not arrive within 1s\n$/);
    expect(await reported(/head did not arrive/)).toMatchObject({
      verdict: 'malformed',
      deliveryId: undefined,
      reason: "the request's head did not arrive within 1s",
    });
  });

  it('a 4 MiB body sent a byte at a time: 408 naming the delivery, nothing kept', async () => {
    const head =
      'POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
      `Content-Length: ${4 * 1024 * 1024}\r\nX-SL-Event: scan.finished\r\nwebhook-id: slow-body\r\n\r\n{`;
    const answer = await slowClient(head);
    expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(await reported(/body did not arrive/)).toMatchObject({
      verdict: 'malformed',
      event: 'scan.finished',
      deliveryId: 'slow-body',
      reason: "the request's body did not arrive within 1s",
    });
    // Reported once: the aborted body is not an error of its own.
    expect(listener.events.filter((e) => e.deliveryId === 'slow-body')).toHaveLength(1);
  });

  it('a request Node cannot read, then more bytes: 400 and the socket destroyed, not ended and left open', async () => {
    const answer = await slowClient('POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nBad\u0001Header: x\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(await reported(/cannot read/)).toMatchObject({ verdict: 'malformed' });
  });

  it('a connection that sends nothing is closed at the deadline, with nothing reported', async () => {
    const before = listener.events.length;
    expect(await slowClient('', '')).toBe('');
    expect(listener.events.slice(before)).toEqual([]);
  });
});
