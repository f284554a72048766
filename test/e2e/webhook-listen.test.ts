import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:net';
import { createInterface } from 'node:readline';
import { createHmac } from 'node:crypto';
import { execa, type ResultPromise } from 'execa';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signWebhook, verifyWebhook } from '../../packages/api/src/webhook-signature.js';
import { bin, isolatedEnv, type RunningSandbox, secscan, startSandbox } from './sandbox.js';

/**
 * Issue 34 §2 end to end: `webhook set` points the sandbox at `webhook listen`; `sandbox scan` fires
 * scan.finished, which the listener verifies, keeps byte for byte and forwards to an app; `webhook verify`
 * and `webhook replay` work on what it kept; a tampered body, a stale timestamp and a replayed delivery id are
 * refused, never kept or forwarded, by this listener and by one started again on the same directory.
 */

const secret = 'whsec-e2e-listen';
const work = mkdtempSync(join(tmpdir(), 'secscan-e2e-webhook-'));
const dir = join(work, 'deliveries');

interface Received {
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** The app the listener forwards to: every request it got, and a wait for the next. */
const app = {
  got: [] as Received[],
  waiting: [] as { count: number; resolve(): void }[],
  server: undefined as Server | undefined,
  url: '',
  /** Resolves once the app has received `count` requests in all. */
  until(count: number): Promise<void> {
    if (this.got.length >= count) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push({ count, resolve }));
  },
};

interface Listener {
  url: string;
  lines: string[];
  /** Resolves with the first line (printed so far or later) that matches. */
  line(match: RegExp): Promise<string>;
  stop(): Promise<{ exitCode: number | undefined; stderr: string }>;
}

let sandbox: RunningSandbox;
let config: ReturnType<typeof isolatedEnv>;
let env: Record<string, string>;
let listener: Listener;

/** `webhook listen` started and ready (its ready line read from stderr). */
async function listen(args: string[] = []): Promise<Listener> {
  const child: ResultPromise = execa(
    'node',
    [bin, 'webhook', 'listen', '--port', '0', '--dir', dir, '--forward-to', app.url, ...args],
    { env: { ...env, SECSCAN_WEBHOOK_SECRET: secret }, extendEnv: false, reject: false, buffer: false },
  );
  const lines: string[] = [];
  const waiters: { match: RegExp; resolve(line: string): void }[] = [];
  createInterface({ input: child.stdout! }).on('line', (line) => {
    lines.push(line);
    for (const w of waiters.filter((x) => x.match.test(line))) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(line);
    }
  });
  let stderr = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const ready = /^webhook listen: ready on (http:\/\/127\.0\.0\.1:\d+\/) /m.exec(stderr);
      if (ready) resolve(ready[1] as string);
    });
    void child.then((r) => reject(new Error(`webhook listen exited (${r.exitCode}): ${stderr}`)));
  });
  return {
    url,
    lines,
    line(match) {
      const seen = lines.find((l) => match.test(l));
      return seen ? Promise.resolve(seen) : new Promise((resolve) => waiters.push({ match, resolve }));
    },
    async stop() {
      child.kill('SIGINT');
      const result = await child;
      return { exitCode: result.exitCode, stderr };
    },
  };
}

/** A delivery signed as the sandbox signs one (or not quite), POSTed to the listener. */
async function deliver(
  url: string,
  options: { id?: string; body?: string; timestamp?: number; tamper?: (body: string) => string } = {},
) {
  const id = options.id ?? randomUUID();
  const body =
    options.body ?? JSON.stringify({ event: 'scan.finished', delivery_id: id, findings: { new: 0 } });
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-sl-event': 'scan.finished',
      'x-sl-webhook-delivery-id': id,
      'x-sl-timestamp': String(timestamp),
      'x-sl-signature': signWebhook({ body, secret, timestamp, deliveryId: id }),
    },
    body: options.tamper ? options.tamper(body) : body,
  });
  return { id, status: res.status, text: await res.text() };
}

const run = (args: string[], extra: Record<string, string> = {}, input?: string) =>
  secscan(
    args,
    { ...env, SECSCAN_WEBHOOK_SECRET: secret, ...extra },
    input === undefined ? {} : { input, stdin: 'pipe' },
  );

beforeAll(async () => {
  app.server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      app.got.push({ headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(204).end();
      for (const w of app.waiting.filter((x) => app.got.length >= x.count)) {
        app.waiting.splice(app.waiting.indexOf(w), 1);
        w.resolve();
      }
    });
  });
  await new Promise<void>((resolve) => app.server!.listen(0, '127.0.0.1', resolve));
  app.url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/hooks/secscan`;
  sandbox = await startSandbox();
  config = isolatedEnv();
  env = { ...config.env, ...sandbox.settings };
  listener = await listen();
});

afterAll(async () => {
  await listener?.stop();
  await sandbox?.stop();
  app.server?.close();
  config?.cleanup();
  rmSync(work, { recursive: true, force: true });
});

describe.sequential('secscan webhook listen | verify | replay, with the sandbox', () => {
  let deliveryId: string;

  it('receives scan.finished from the sandbox: verified, kept byte for byte, forwarded unchanged', async () => {
    const set = await run(
      ['webhook', 'set', '--url', listener.url, '--event', 'scan.finished', '--secret-stdin'],
      {},
      `${secret}\n`,
    );
    expect(set.exitCode, String(set.stderr)).toBe(0);
    const scanned = await run([
      'sandbox',
      'scan',
      '--app',
      'shiftleft-java-demo',
      '--new',
      'critical=1',
      '-o',
      'json',
    ]);
    expect(scanned.exitCode, String(scanned.stderr)).toBe(0);
    deliveryId = JSON.parse(String(scanned.stdout)).webhooks[0].delivery_id;
    const line = await listener.line(new RegExp(` ${deliveryId} `));
    expect(line).toMatch(
      new RegExp(`^\\d{4}-\\d\\d-\\d\\dT\\S+Z scan\\.finished ${deliveryId} verified 204$`),
    );
    await app.until(1);
    const [forwarded] = app.got as [Received];
    const kept = readFileSync(join(dir, `${deliveryId}.body`));
    expect(forwarded.body.equals(kept)).toBe(true);
    expect(forwarded.headers['x-sl-webhook-delivery-id']).toBe(deliveryId);
    const head = readFileSync(join(dir, `${deliveryId}.headers`), 'utf8');
    expect(head).toMatch(/^POST \/ HTTP\/1\.1\r\n/);
    expect(head).toContain(`\r\nx-sl-signature: ${String(forwarded.headers['x-sl-signature'])}\r\n`);
    // The forward carries the sandbox's signatures: the app checks them as the listener did, or with a
    // Standard Webhooks library (a secret not of the form whsec_<base64> is its bytes: the raw form).
    expect(verifyWebhook({ body: forwarded.body, headers: forwarded.headers, secret })).toMatchObject({
      deliveryId,
      schemes: ['standard', 'x-sl'],
    });
    const reference = new Webhook(Buffer.from(secret), { format: 'raw' });
    expect(reference.verify(forwarded.body, forwarded.headers as Record<string, string>)).toMatchObject({
      delivery_id: deliveryId,
    });
    expect(forwarded.headers['webhook-id']).toBe(deliveryId);
    expect(JSON.parse(kept.toString())).toMatchObject({ event: 'scan.finished', findings: { new: 1 } });
    const meta = JSON.parse(readFileSync(join(dir, `${deliveryId}.json`), 'utf8'));
    expect(meta).toMatchObject({ delivery_id: deliveryId, event: 'scan.finished', forwarded_to: app.url });
    // No temporary file is left beside the deliveries.
    expect(readdirSync(dir).filter((f) => f.startsWith('.'))).toEqual([]);
  });

  it('verify: the kept delivery and its files hold; a tampered, re-serialised, stale or malformed one exits 4, 4, 12, 8', async () => {
    const kept = await run(['webhook', 'verify', '--delivery', deliveryId, '--dir', dir, '-o', 'json']);
    expect(kept.exitCode, String(kept.stderr)).toBe(0);
    expect(JSON.parse(String(kept.stdout))).toMatchObject({
      event: 'scan.finished',
      delivery_id: deliveryId,
      verdict: 'valid',
      signatures: ['webhook-signature', 'x-sl-signature'],
    });
    const headers = join(dir, `${deliveryId}.headers`);
    const body = join(dir, `${deliveryId}.body`);
    expect((await run(['webhook', 'verify', '--headers', headers, '--body', body])).exitCode).toBe(0);

    const tampered = join(work, 'tampered.json');
    writeFileSync(tampered, readFileSync(body, 'utf8').replace('"critical":1', '"critical":0'));
    const bad = await run(['webhook', 'verify', '--headers', headers, '--body', tampered]);
    expect(bad.exitCode).toBe(4);
    expect(String(bad.stderr)).toMatch(/^error: the signature does not match/m);

    const pretty = join(work, 'pretty.json');
    writeFileSync(pretty, `${JSON.stringify(JSON.parse(readFileSync(body, 'utf8')), null, 2)}\n`);
    const reserialised = await run(['webhook', 'verify', '--headers', headers, '--body', pretty]);
    expect(reserialised.exitCode).toBe(4);
    expect(String(reserialised.stderr)).toMatch(/re-serialised as JSON/);
    expect(String(reserialised.stderr)).toMatch(/^hint: verify the bytes as received/m);

    const wrongSecret = await run(['webhook', 'verify', '--headers', headers, '--body', body], {
      SECSCAN_WEBHOOK_SECRET: 'another',
    });
    expect(wrongSecret.exitCode).toBe(4);

    const old = join(work, 'old.headers');
    const oldStamp = Math.floor(Date.now() / 1000) - 3600;
    writeFileSync(
      old,
      JSON.stringify({
        'X-SL-Event': 'scan.finished',
        'X-SL-Webhook-Delivery-ID': deliveryId,
        'X-SL-Timestamp': oldStamp,
        'X-SL-Signature': signWebhook({ body: readFileSync(body), secret, timestamp: oldStamp, deliveryId }),
      }),
    );
    const staleOne = await run(['webhook', 'verify', '--headers', old, '--body', body]);
    expect(staleOne.exitCode, String(staleOne.stderr)).toBe(12);
    expect(String(staleOne.stderr)).toMatch(
      /^error: the timestamp is 36\d\ds old, outside the tolerance of 300s$/m,
    );

    const noSignature = join(work, 'nosig.headers');
    writeFileSync(noSignature, `x-sl-event: scan.finished\nx-sl-timestamp: ${oldStamp}\n`);
    const unsigned = await run(['webhook', 'verify', '--headers', noSignature, '--body', body]);
    expect(unsigned.exitCode).toBe(4);
    expect(String(unsigned.stderr)).toMatch(
      /^error: the delivery has no webhook-signature or x-sl-signature header: it is not signed$/m,
    );
    const noTimestamp = join(work, 'nostamp.headers');
    writeFileSync(noTimestamp, readFileSync(headers, 'utf8').replace(/^x-sl-timestamp: .*\r\n/m, ''));
    const malformed = await run(['webhook', 'verify', '--headers', noTimestamp, '--body', body]);
    expect(malformed.exitCode).toBe(8);
    expect(String(malformed.stderr)).toMatch(/^error: the delivery has no x-sl-timestamp header$/m);

    const noSecret = await run(['webhook', 'verify', '--headers', headers, '--body', body], {
      SECSCAN_WEBHOOK_SECRET: '',
    });
    expect(noSecret.exitCode).toBe(3);
    expect(String(noSecret.stderr)).toMatch(/^error: no webhook secret: set SECSCAN_WEBHOOK_SECRET/m);
  });

  it('replay: sends the kept delivery to the app again, as kept or re-signed with a fresh timestamp', async () => {
    const again = await run(['webhook', 'replay', deliveryId, '--dir', dir, '-o', 'json']);
    expect(again.exitCode, String(again.stderr)).toBe(0);
    expect(JSON.parse(String(again.stdout))).toEqual({
      delivery_id: deliveryId,
      to: app.url,
      status: 204,
      resigned: false,
    });
    await app.until(2);
    const [first, second] = app.got as [Received, Received];
    expect(second.body.equals(first.body)).toBe(true);
    expect(second.headers['x-sl-signature']).toBe(first.headers['x-sl-signature']);

    const resigned = await run(['webhook', 'replay', deliveryId, '--dir', dir, '--resign']);
    expect(resigned.exitCode, String(resigned.stderr)).toBe(0);
    await app.until(3);
    const third = app.got[2] as Received;
    expect(third.body.equals(first.body)).toBe(true);
    expect(third.headers['x-sl-webhook-delivery-id']).toBe(deliveryId);
    expect(Number(third.headers['x-sl-timestamp'])).toBeGreaterThanOrEqual(
      Number(first.headers['x-sl-timestamp']),
    );
    expect(verifyWebhook({ body: third.body, headers: third.headers, secret }).deliveryId).toBe(deliveryId);

    // To the listener itself: a delivery id it has received is refused, re-signed or not.
    const back = await run(['webhook', 'replay', deliveryId, '--dir', dir, '--to', listener.url, '--resign']);
    expect(back.exitCode).toBe(6);
    expect(String(back.stderr)).toMatch(/answered 400: delivery \S+ was received already$/m);
    // The hint says why, not to re-sign (which keeps the id).
    expect(String(back.stderr)).toContain('hint: the receiver has received this delivery id already');
    await listener.line(new RegExp(` ${deliveryId} replayed - `));
    expect(app.got).toHaveLength(3);

    const unknown = await run(['webhook', 'replay', 'no-such-delivery', '--dir', dir]);
    expect(unknown.exitCode).toBe(5);

    // No receiver at all: exit 7, saying what the connection met.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const nobody = await run([
      'webhook',
      'replay',
      deliveryId,
      '--dir',
      dir,
      '--to',
      `http://127.0.0.1:${port}/`,
    ]);
    expect(nobody.exitCode).toBe(7);
    expect(String(nobody.stderr)).toContain(`http://127.0.0.1:${port}/ answered nothing (ECONNREFUSED)`);
  });

  it('refuses a tampered body (401), a stale timestamp (400) and a replayed id (400): logged, never kept or forwarded', async () => {
    const forwardedBefore = app.got.length;
    const tampered = await deliver(listener.url, { tamper: (b) => b.replace('"new":0', '"new":9') });
    expect(tampered.status).toBe(401);
    expect(
      await listener.line(new RegExp(` ${tampered.id} bad-signature - \\(the signature does not match`)),
    ).toBeTruthy();

    const stale = await deliver(listener.url, { timestamp: Math.floor(Date.now() / 1000) - 600 });
    expect(stale.status).toBe(400);
    await listener.line(new RegExp(` ${stale.id} stale-timestamp - \\(the timestamp is \\d+s old`));

    const fresh = await deliver(listener.url);
    expect(fresh.status).toBe(200);
    await listener.line(new RegExp(` ${fresh.id} verified 204$`));
    const replayed = await deliver(listener.url, { id: fresh.id });
    expect(replayed.status).toBe(400);
    await listener.line(new RegExp(` ${fresh.id} replayed - `));

    for (const id of [tampered.id, stale.id]) expect(existsSync(join(dir, `${id}.headers`))).toBe(false);
    await app.until(forwardedBefore + 1);
    expect(app.got).toHaveLength(forwardedBefore + 1);
  });

  it('refuses a delivery id with a dot (400, malformed): its signed string would hold for another id and body', async () => {
    const body = '{"findings":{"new":0}}';
    const timestamp = Math.floor(Date.now() / 1000);
    // Signed as an id with a dot would be: the very string signed for the id `cut` and the body `7.`+body.
    const signature = `v1=${createHmac('sha256', secret).update(`${timestamp}.cut.7.${body}`).digest('hex')}`;
    const res = await fetch(listener.url, {
      method: 'POST',
      headers: {
        'x-sl-event': 'scan.finished',
        'x-sl-webhook-delivery-id': 'cut.7',
        'x-sl-timestamp': String(timestamp),
        'x-sl-signature': signature,
      },
      body,
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(/the delivery id "cut\.7" holds a dot/);
    await listener.line(
      / cut\.7 malformed - \(x-sl-webhook-delivery-id: the delivery id "cut\.7" holds a dot/,
    );
    expect(existsSync(join(dir, 'cut.7.headers'))).toBe(false);
  });

  it('--request-timeout: a head sent a byte at a time is answered 408 and cut; over 5m is exit 2', async () => {
    const slow = await listen(['--request-timeout', '1s']);
    try {
      const answer = await new Promise<string>((resolve) => {
        // A hostile client: it keeps sending, and never closes its half when the listener closes its own.
        const socket = connect({
          port: Number(new URL(slow.url).port),
          host: '127.0.0.1',
          allowHalfOpen: true,
        });
        let got = '';
        let timer: NodeJS.Timeout | undefined;
        socket.on('connect', () => {
          socket.write('POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
          timer = setInterval(() => socket.write('a'), 50);
        });
        socket.on('data', (chunk: Buffer) => (got += chunk.toString()));
        socket.on('error', () => undefined);
        socket.on('close', () => {
          clearInterval(timer);
          resolve(got);
        });
      });
      expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
      await slow.line(/ - - malformed - \(the request's head did not arrive within 1s\)$/);
    } finally {
      await slow.stop();
    }
    const long = await run(['webhook', 'listen', '--port', '0', '--request-timeout', '10m']);
    expect(long.exitCode).toBe(2);
    expect(String(long.stderr)).toMatch(/^error: invalid value for --request-timeout: at most 5m/m);
  });

  it('a listener started again takes the retry of a delivery one killed while keeping it left half-stored', async () => {
    expect((await listener.stop()).exitCode).toBe(130);
    // What a listener killed between recording the id and storing the body left: its headers file alone.
    const id = randomUUID();
    writeFileSync(join(dir, `${id}.headers`), 'POST / HTTP/1.1\r\nx-sl-webhook-delivery-id: x\r\n\r\n');
    listener = await listen();
    const retried = await deliver(listener.url, { id });
    expect([retried.status, retried.text]).toEqual([200, 'ok\n']);
    await listener.line(new RegExp(` ${id} verified 204$`));
    expect(JSON.parse(readFileSync(join(dir, `${id}.body`), 'utf8'))).toMatchObject({ delivery_id: id });
    expect(readFileSync(join(dir, `${id}.headers`), 'utf8')).toContain(
      `\r\nx-sl-webhook-delivery-id: ${id}\r\n`,
    );
    const verified = await run(['webhook', 'verify', '--delivery', id, '--dir', dir]);
    expect(verified.exitCode, String(verified.stderr)).toBe(0);
  });

  it('a listener started again on the same directory still refuses a delivery id it kept; Ctrl-C exits 130', async () => {
    const stopped = await listener.stop();
    expect(stopped.exitCode).toBe(130);
    expect(stopped.stderr).toMatch(/^webhook listen: stopped$/m);
    const readyFile = join(work, 'listen.env');
    writeFileSync(readyFile, 'SECSCAN_WEBHOOK_URL=http://127.0.0.1:1/\n'); // left by a listener that was killed
    listener = await listen(['--ready-file', readyFile]);
    expect(readFileSync(readyFile, 'utf8')).toBe(`SECSCAN_WEBHOOK_URL=${listener.url}\n`);
    const replayed = await deliver(listener.url, { id: deliveryId });
    expect(replayed.status).toBe(400);
    await listener.line(new RegExp(` ${deliveryId} replayed - `));
  });

  it('removes its ready file when it stops', async () => {
    const readyFile = join(work, 'listen.env');
    expect(existsSync(readyFile)).toBe(true);
    expect((await listener.stop()).exitCode).toBe(130);
    expect(existsSync(readyFile)).toBe(false);
    listener = await listen();
  });

  it('refuses a secret given as a flag value, a bad --forward-to, and runs without a secret: exit 2, 2, 3', async () => {
    expect((await run(['webhook', 'listen', '--secret', 'x'])).exitCode).toBe(2);
    const url = await run(['webhook', 'listen', '--forward-to', 'ftp://example.com/']);
    expect(url.exitCode).toBe(2);
    expect(String(url.stderr)).toMatch(/^error: invalid value for --forward-to: "ftp:\/\/example\.com\/"/m);
    const none = await run(['webhook', 'listen', '--port', '0'], { SECSCAN_WEBHOOK_SECRET: '' });
    expect(none.exitCode).toBe(3);
  });
});
