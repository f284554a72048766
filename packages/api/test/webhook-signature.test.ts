import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signWebhook, verifyWebhook, WebhookVerificationError } from '../src/webhook-signature.js';

const secret = 'whsec-unit';
const body = '{"event":"scan.finished","delivery_id":"d-1","findings":{"new":1}}';
const timestamp = 1_795_000_000;
const now = timestamp * 1000 + 30_000;

function headers(overrides: Record<string, string | string[] | undefined> = {}) {
  return {
    'x-sl-event': 'scan.finished',
    'x-sl-webhook-delivery-id': 'd-1',
    'x-sl-timestamp': String(timestamp),
    'x-sl-signature': signWebhook({ body, secret, timestamp, deliveryId: 'd-1' }),
    ...overrides,
  };
}

function refusal(run: () => unknown): WebhookVerificationError {
  try {
    run();
  } catch (error) {
    if (error instanceof WebhookVerificationError) return error;
    throw error;
  }
  throw new Error('verifyWebhook accepted the delivery');
}

describe('the webhook signature', () => {
  it('is v1= the HMAC-SHA256 of "<timestamp>.<delivery id>.<raw body>"', () => {
    const hex = createHmac('sha256', secret).update(`${timestamp}.d-1.${body}`).digest('hex');
    expect(signWebhook({ body, secret, timestamp, deliveryId: 'd-1' })).toBe(`v1=${hex}`);
    expect(signWebhook({ body: Buffer.from(body), secret, timestamp, deliveryId: 'd-1' })).toBe(`v1=${hex}`);
  });

  it('verifies a delivery given as a string or bytes, with headers in any case or as Fetch Headers', () => {
    const verified = { event: 'scan.finished', deliveryId: 'd-1', timestamp };
    expect(verifyWebhook({ body, headers: headers(), secret, now })).toEqual(verified);
    expect(verifyWebhook({ body: new TextEncoder().encode(body), headers: headers(), secret, now })).toEqual(
      verified,
    );
    const upper = Object.fromEntries(Object.entries(headers()).map(([k, v]) => [k.toUpperCase(), v]));
    expect(verifyWebhook({ body, headers: upper, secret, now })).toEqual(verified);
    expect(
      verifyWebhook({ body, headers: new Headers(headers() as Record<string, string>), secret, now }),
    ).toEqual(verified);
    // One of several signatures (a secret being rotated).
    const several = headers({ 'x-sl-signature': `v1=${'0'.repeat(64)}, ${headers()['x-sl-signature']}` });
    expect(verifyWebhook({ body, headers: several, secret, now })).toEqual(verified);
  });

  it('refuses a tampered body, another secret, a changed timestamp or delivery id: reason signature', () => {
    for (const [given, hs, key] of [
      [body.replace('"new":1', '"new":0'), headers(), secret],
      [body, headers(), 'another'],
      [body, headers({ 'x-sl-timestamp': String(timestamp + 1) }), secret],
      [body, headers({ 'x-sl-webhook-delivery-id': 'd-2' }), secret],
    ] as const) {
      const error = refusal(() => verifyWebhook({ body: given, headers: hs, secret: key, now }));
      expect(error.reason).toBe('signature');
      expect(error.reserialised).toBe(false);
    }
  });

  it('says so when the signature matches the body re-serialised, not as given', () => {
    const raw = '{\n  "event": "scan.finished",\n  "n": 1\n}';
    const signed = headers({
      'x-sl-signature': signWebhook({ body: raw, secret, timestamp, deliveryId: 'd-1' }),
    });
    expect(verifyWebhook({ body: raw, headers: signed, secret, now }).deliveryId).toBe('d-1');
    const compact = JSON.stringify(JSON.parse(raw));
    const resigned = headers({
      'x-sl-signature': signWebhook({ body: compact, secret, timestamp, deliveryId: 'd-1' }),
    });
    const error = refusal(() => verifyWebhook({ body: raw, headers: resigned, secret, now }));
    expect(error).toMatchObject({ reason: 'signature', reserialised: true });
    expect(error.message).toMatch(/re-serialised/);
  });

  it('refuses a timestamp outside the tolerance, either way, after checking the signature', () => {
    const late = refusal(() => verifyWebhook({ body, headers: headers(), secret, now: now + 300_000 }));
    expect(late.reason).toBe('timestamp');
    expect(late.message).toMatch(/330s old, outside the tolerance of 300s/);
    const early = refusal(() =>
      verifyWebhook({ body, headers: headers(), secret, now: timestamp * 1000 - 301_000 }),
    );
    expect(early.message).toMatch(/in the future/);
    expect(
      verifyWebhook({ body, headers: headers(), secret, now: now + 300_000, tolerance: 400 }).timestamp,
    ).toBe(timestamp);
    expect(
      verifyWebhook({ body, headers: headers(), secret, now: new Date(0), tolerance: Infinity }).event,
    ).toBe('scan.finished');
    // A forged stale delivery is a bad signature first.
    const forged = refusal(() => verifyWebhook({ body: `${body} `, headers: headers(), secret, now: 0 }));
    expect(forged.reason).toBe('signature');
  });

  it('refuses a delivery missing a header, with an unreadable one, or a body that is not bytes: malformed', () => {
    expect(
      refusal(() => verifyWebhook({ body, headers: headers({ 'x-sl-signature': undefined }), secret, now })),
    ).toMatchObject({
      reason: 'signature',
      message: 'the delivery has no x-sl-signature header: it is not signed',
    });
    for (const name of ['x-sl-timestamp', 'x-sl-webhook-delivery-id', 'x-sl-event']) {
      const error = refusal(() =>
        verifyWebhook({ body, headers: headers({ [name]: undefined }), secret, now }),
      );
      expect(error).toMatchObject({ reason: 'malformed', message: `the delivery has no ${name} header` });
    }
    expect(
      refusal(() => verifyWebhook({ body, headers: headers({ 'x-sl-timestamp': 'yesterday' }), secret, now }))
        .reason,
    ).toBe('malformed');
    expect(
      refusal(() => verifyWebhook({ body, headers: headers({ 'x-sl-signature': 'sha256=ab' }), secret, now }))
        .reason,
    ).toBe('signature');
    expect(
      refusal(() => verifyWebhook({ body, headers: headers({ 'x-sl-event': ['a', 'b'] }), secret, now }))
        .reason,
    ).toBe('malformed');
    const parsed = JSON.parse(body) as unknown as string;
    expect(refusal(() => verifyWebhook({ body: parsed, headers: headers(), secret, now })).message).toMatch(
      /raw body/,
    );
    expect(() => verifyWebhook({ body, headers: headers(), secret: '', now })).toThrow(TypeError);
  });
});
