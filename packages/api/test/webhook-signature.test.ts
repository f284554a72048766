import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import {
  signedWebhookHeaders,
  signStandardWebhook,
  signWebhook,
  standardWebhookKey,
  verifyWebhook,
  WebhookVerificationError,
} from '../src/webhook-signature.js';

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
    const verified = { event: 'scan.finished', deliveryId: 'd-1', timestamp, schemes: ['x-sl'] };
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
      message: 'the delivery has no webhook-signature or x-sl-signature header: it is not signed',
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

describe('a delivery id with a dot, which would make the signed string ambiguous', () => {
  const signedBody = '{"event":"scan.finished"}';

  it('is never signed, by either scheme', () => {
    for (const sign of [signWebhook, signStandardWebhook]) {
      expect(() => sign({ body: signedBody, secret, timestamp, deliveryId: 'cut.7' })).toThrow(
        /cannot sign a webhook delivery: the delivery id "cut.7" holds a dot/,
      );
    }
  });

  it('is refused as malformed even when its signature holds, by either scheme', () => {
    // What a signer that took the id `cut.7` signs: the very string signed for the id `cut` and the body `7.`+B.
    const sl = `v1=${createHmac('sha256', secret).update(`${timestamp}.cut.7.${signedBody}`).digest('hex')}`;
    expect(
      verifyWebhook({
        body: `7.${signedBody}`,
        headers: headers({ 'x-sl-webhook-delivery-id': 'cut', 'x-sl-signature': sl }),
        secret,
        now,
      }).deliveryId,
    ).toBe('cut');
    const dotted = refusal(() =>
      verifyWebhook({
        body: signedBody,
        headers: headers({ 'x-sl-webhook-delivery-id': 'cut.7', 'x-sl-signature': sl }),
        secret,
        now,
      }),
    );
    expect(dotted).toMatchObject({ reason: 'malformed' });
    expect(dotted.message).toMatch(/^x-sl-webhook-delivery-id: the delivery id "cut\.7" holds a dot/);
    const std = createHmac('sha256', secret).update(`cut.7.${timestamp}.${signedBody}`).digest('base64');
    const standard = refusal(() =>
      verifyWebhook({
        body: signedBody,
        headers: {
          'webhook-id': 'cut.7',
          'webhook-timestamp': String(timestamp),
          'webhook-signature': `v1,${std}`,
        },
        secret,
        now,
      }),
    );
    expect(standard).toMatchObject({ reason: 'malformed' });
    expect(standard.message).toMatch(/^webhook-id: the delivery id "cut\.7" holds a dot/);
  });
});

describe('Standard Webhooks', () => {
  const whsec = `whsec_${Buffer.from('a key of 24 bytes or more, random').toString('base64')}`;
  const at = new Date(timestamp * 1000);
  const standard = (overrides: Record<string, string | undefined> = {}) => ({
    'webhook-id': 'msg_1',
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signStandardWebhook({ body, secret: whsec, timestamp, deliveryId: 'msg_1' }),
    ...overrides,
  });

  it('signs as the reference library does: a whsec_ secret decoded, any other as its bytes', () => {
    expect(signStandardWebhook({ body, secret: whsec, timestamp, deliveryId: 'msg_1' })).toBe(
      new Webhook(whsec).sign('msg_1', at, body),
    );
    expect(signStandardWebhook({ body, secret, timestamp, deliveryId: 'msg_1' })).toBe(
      new Webhook(Buffer.from(secret), { format: 'raw' }).sign('msg_1', at, body),
    );
    expect(standardWebhookKey(whsec)).toEqual(Buffer.from('a key of 24 bytes or more, random'));
    expect(standardWebhookKey('whsec_a2V5')).toEqual(Buffer.from('key'));
    expect(standardWebhookKey('whsec_a2V5cw')).toEqual(Buffer.from('keys'));
    // Not base64 after the prefix: the bytes as they are, on both sides.
    expect(standardWebhookKey('whsec_not base64!')).toEqual(Buffer.from('whsec_not base64!'));
  });

  it('verifies what the reference library signs, alone (no event header) or among other signatures', () => {
    const signature = new Webhook(whsec).sign('msg_1', at, body);
    expect(
      verifyWebhook({ body, headers: standard({ 'webhook-signature': signature }), secret: whsec, now }),
    ).toEqual({ event: undefined, deliveryId: 'msg_1', timestamp, schemes: ['standard'] });
    // A secret being rotated: an old key's signature and an ed25519 one (v1a, not checked) beside it.
    const rotated = `v1a,${Buffer.alloc(64).toString('base64')} v1,${Buffer.alloc(32).toString('base64')} ${signature}`;
    expect(
      verifyWebhook({ body, headers: standard({ 'webhook-signature': rotated }), secret: whsec, now })
        .deliveryId,
    ).toBe('msg_1');
  });

  it('signs a delivery with both schemes, which the reference library and verifyWebhook both verify', () => {
    const fresh = Math.floor(Date.now() / 1000);
    const all = signedWebhookHeaders({
      body,
      secret: whsec,
      timestamp: fresh,
      deliveryId: 'd-1',
      event: 'scan.finished',
    });
    expect(new Webhook(whsec).verify(body, all)).toEqual(JSON.parse(body));
    expect(verifyWebhook({ body, headers: all, secret: whsec })).toEqual({
      event: 'scan.finished',
      deliveryId: 'd-1',
      timestamp: fresh,
      schemes: ['standard', 'x-sl'],
    });
  });

  it('with both signatures, each must hold, of the same id and timestamp', () => {
    const sign = (deliveryId: string, signed = body) =>
      signedWebhookHeaders({ body: signed, secret, timestamp, deliveryId, event: 'scan.finished' });
    const all = sign('d-1');
    const other = sign('d-1', `${body} `);
    for (const name of ['webhook-signature', 'x-sl-signature']) {
      const error = refusal(() =>
        verifyWebhook({ body, headers: { ...all, [name]: other[name] }, secret, now }),
      );
      expect(error.reason).toBe('signature');
      expect(error.message).toBe(
        `the signature does not match the body, timestamp and delivery id with this secret (${name})`,
      );
    }
    const d2 = sign('d-2');
    const mixed = { ...all, 'webhook-id': 'd-2', 'webhook-signature': d2['webhook-signature'] as string };
    expect(refusal(() => verifyWebhook({ body, headers: mixed, secret, now }))).toMatchObject({
      reason: 'malformed',
      message:
        "the delivery's webhook-id and webhook-timestamp are not its x-sl-webhook-delivery-id and x-sl-timestamp",
    });
  });

  it('refuses a missing id or timestamp (malformed), no v1 signature (signature), a stale timestamp', () => {
    for (const name of ['webhook-id', 'webhook-timestamp']) {
      expect(
        refusal(() => verifyWebhook({ body, headers: standard({ [name]: undefined }), secret: whsec, now })),
      ).toMatchObject({ reason: 'malformed', message: `the delivery has no ${name} header` });
    }
    const v1a = standard({ 'webhook-signature': `v1a,${Buffer.alloc(64).toString('base64')}` });
    expect(refusal(() => verifyWebhook({ body, headers: v1a, secret: whsec, now }))).toMatchObject({
      reason: 'signature',
      message: 'webhook-signature holds no v1, signature',
    });
    expect(
      refusal(() => verifyWebhook({ body, headers: standard(), secret: whsec, now: now + 600_000 })).reason,
    ).toBe('timestamp');
    expect(refusal(() => verifyWebhook({ body, headers: standard(), secret: secret, now })).reason).toBe(
      'signature',
    );
  });
});
