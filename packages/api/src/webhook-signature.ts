import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * How webhook deliveries are signed: the one scheme the sandbox signs with (`signWebhook`) and every receiver
 * checks with (`verifyWebhook`: `secscan webhook listen|verify`, and a Node receiver through
 * `@secscan/sandbox`). The specification shows neither the header nor the algorithm (api-v4 "HMAC header
 * name and algorithm: not shown"); this is the sandbox's:
 *
 *   X-SL-Signature: v1=<hex HMAC-SHA256(secret, "<X-SL-Timestamp>.<X-SL-Webhook-Delivery-ID>.<raw body>")>
 *
 * The timestamp and the delivery id are signed with the body, so neither can be changed to replay a
 * delivery: a receiver refuses a timestamp outside its tolerance and a delivery id it has seen.
 */

export const webhookHeaders = {
  signature: 'x-sl-signature',
  timestamp: 'x-sl-timestamp',
  deliveryId: 'x-sl-webhook-delivery-id',
  event: 'x-sl-event',
} as const;

/** Default tolerance of the timestamp, in seconds: a delivery older (or newer) than this is refused. */
export const defaultWebhookTolerance = 300;

export type WebhookBody = string | Uint8Array;

/** Headers as Node's `req.headers` (any case), a plain record, or a Fetch `Headers`. */
export type WebhookHeaders =
  Record<string, string | readonly string[] | undefined> | { get(name: string): string | null };

export interface VerifyWebhookOptions {
  /** The request's body exactly as received: a string or bytes, never parsed and re-serialised JSON. */
  body: WebhookBody;
  headers: WebhookHeaders;
  secret: string;
  /** Seconds the timestamp may differ from `now` (default 300). `Infinity` skips the age check. */
  tolerance?: number;
  /** The time to check the timestamp against: a Date or milliseconds since the epoch (default: now). */
  now?: Date | number;
}

export interface VerifiedWebhook {
  event: string;
  deliveryId: string;
  /** X-SL-Timestamp, Unix seconds. */
  timestamp: number;
}

/**
 * Why a delivery was refused: `signature` (absent, of no known scheme, or not matching: answer 401),
 * `timestamp` (outside the tolerance: 400), `malformed` (another header missing or unreadable, a body that
 * is not bytes: 400).
 */
export type WebhookFailure = 'signature' | 'timestamp' | 'malformed';

export class WebhookVerificationError extends Error {
  readonly reason: WebhookFailure;
  /** For `signature`: the signature matches the body re-serialised as JSON, not as received. */
  readonly reserialised: boolean;
  constructor(reason: WebhookFailure, message: string, reserialised = false) {
    super(message);
    this.name = 'WebhookVerificationError';
    this.reason = reason;
    this.reserialised = reserialised;
  }
}

/** The string signed: timestamp, delivery id and body, joined by dots (the body's bytes as they are). */
function signed(secret: string, timestamp: string, deliveryId: string, body: WebhookBody): Buffer {
  return createHmac('sha256', secret)
    .update(`${timestamp}.${deliveryId}.`)
    .update(typeof body === 'string' ? Buffer.from(body, 'utf8') : body)
    .digest();
}

/** The X-SL-Signature value of a delivery (`v1=<hex>`). */
export function signWebhook(options: {
  body: WebhookBody;
  secret: string;
  /** Unix seconds, as sent in X-SL-Timestamp. */
  timestamp: number;
  deliveryId: string;
}): string {
  return `v1=${signed(options.secret, String(options.timestamp), options.deliveryId, options.body).toString('hex')}`;
}

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as { get?: unknown }).get === 'function') {
    return (headers as { get(name: string): string | null }).get(name) ?? undefined;
  }
  const record = headers as Record<string, string | readonly string[] | undefined>;
  let value = record[name];
  if (value === undefined) {
    const key = Object.keys(record).find((k) => k.toLowerCase() === name);
    value = key === undefined ? undefined : record[key];
  }
  if (Array.isArray(value)) {
    if (value.length !== 1) {
      throw new WebhookVerificationError('malformed', `the delivery has ${value.length} ${name} headers`);
    }
    return value[0] as string;
  }
  return value as string | undefined;
}

function required(headers: WebhookHeaders, name: string): string {
  const value = header(headers, name)?.trim();
  if (!value) throw new WebhookVerificationError('malformed', `the delivery has no ${name} header`);
  return value;
}

/** Other serialisations of a JSON body a receiver may have verified in place of the raw bytes. */
function reserialisations(body: WebhookBody): string[] {
  const text = typeof body === 'string' ? body : Buffer.from(body).toString('utf8');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  return [JSON.stringify(parsed), JSON.stringify(parsed, null, 2)].filter((s) => s !== text);
}

/**
 * Checks a delivery: its signature over the raw body, timestamp and delivery id, and the timestamp's age.
 * Returns the event, delivery id and timestamp; throws `WebhookVerificationError` (its `reason` says which
 * check failed) otherwise, so a forgotten check can never pass a forged delivery.
 */
export function verifyWebhook(options: VerifyWebhookOptions): VerifiedWebhook {
  const { body, headers, secret } = options;
  if (typeof secret !== 'string' || secret === '') {
    throw new TypeError('verifyWebhook: secret must be a non-empty string');
  }
  if (typeof body !== 'string' && !(body instanceof Uint8Array)) {
    throw new WebhookVerificationError(
      'malformed',
      'the body is not a string or bytes: verify the raw body as received, not parsed JSON',
    );
  }
  // Unsigned is a refused signature (401), as a request without credentials is refused authentication.
  const signature = header(headers, webhookHeaders.signature)?.trim();
  if (!signature) {
    throw new WebhookVerificationError(
      'signature',
      `the delivery has no ${webhookHeaders.signature} header: it is not signed`,
    );
  }
  const stamp = required(headers, webhookHeaders.timestamp);
  const deliveryId = required(headers, webhookHeaders.deliveryId);
  const event = required(headers, webhookHeaders.event);
  if (!/^\d{1,12}$/.test(stamp)) {
    throw new WebhookVerificationError('malformed', `${webhookHeaders.timestamp} is not Unix seconds`);
  }
  const given = signature
    .split(/[\s,]+/)
    .filter((part) => part.startsWith('v1='))
    .map((part) => part.slice(3));
  if (given.length === 0) {
    throw new WebhookVerificationError('signature', `${webhookHeaders.signature} holds no v1= signature`);
  }
  const matches = (candidate: WebhookBody): boolean => {
    const expected = signed(secret, stamp, deliveryId, candidate);
    return given.some((hex) => {
      if (!/^[0-9a-f]{64}$/i.test(hex)) return false;
      return timingSafeEqual(Buffer.from(hex, 'hex'), expected);
    });
  };
  if (!matches(body)) {
    const reserialised = reserialisations(body).some(matches);
    throw new WebhookVerificationError(
      'signature',
      reserialised
        ? 'the signature matches the body re-serialised as JSON, not the body as given'
        : 'the signature does not match the body, timestamp and delivery id with this secret',
      reserialised,
    );
  }
  const timestamp = Number(stamp);
  const tolerance = options.tolerance ?? defaultWebhookTolerance;
  const now = options.now === undefined ? Date.now() : Number(options.now);
  const age = Math.round(now / 1000) - timestamp;
  if (Math.abs(age) > tolerance) {
    throw new WebhookVerificationError(
      'timestamp',
      `the timestamp is ${Math.abs(age)}s ${age >= 0 ? 'old' : 'in the future'}, outside the tolerance of ${tolerance}s`,
    );
  }
  return { event, deliveryId, timestamp };
}
