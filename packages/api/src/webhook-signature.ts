import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * How webhook deliveries are signed: the schemes the sandbox signs with (`signedWebhookHeaders`) and every
 * receiver checks (`verifyWebhook`: `secscan webhook listen|verify`, and a Node receiver through
 * `@secscan/sandbox`). The specification names the X-SL headers (operations.md) but shows neither the
 * signed string nor the algorithm (api-v4 "HMAC header name and algorithm: not shown"), so a delivery
 * carries two signatures side by side, as Standard Webhooks' migration section advises:
 *
 *   webhook-id, webhook-timestamp, webhook-signature: v1,<base64 HMAC-SHA256(key, "<id>.<timestamp>.<raw body>")>
 *   X-SL-Webhook-Delivery-ID, X-SL-Timestamp, X-SL-Event,
 *   X-SL-Signature: v1=<hex HMAC-SHA256(secret, "<timestamp>.<delivery id>.<raw body>")>
 *
 * The first is Standard Webhooks 1.0 (https://www.standardwebhooks.com), which its libraries verify in any
 * language; its key is the secret `whsec_<base64>` decoded, or any other secret's UTF-8 bytes (the
 * libraries' raw form). The second is the specification's headers with the sandbox's algorithm.
 *
 * Both join the id, the timestamp and the body with dots, which is unambiguous only because the timestamp
 * is digits and the id holds no dot: an id with a dot is never signed and always refused (else a signature
 * for id `cut.7` and body B would verify for id `cut` and body `7.B`). A receiver refuses a timestamp outside
 * its tolerance and a delivery id it has seen.
 */

export const webhookHeaders = {
  signature: 'x-sl-signature',
  timestamp: 'x-sl-timestamp',
  deliveryId: 'x-sl-webhook-delivery-id',
  event: 'x-sl-event',
} as const;

/** The headers of Standard Webhooks 1.0. */
export const standardWebhookHeaders = {
  id: 'webhook-id',
  timestamp: 'webhook-timestamp',
  signature: 'webhook-signature',
} as const;

/** `standard`: webhook-signature (Standard Webhooks); `x-sl`: X-SL-Signature. */
export type WebhookScheme = 'standard' | 'x-sl';

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
  /** X-SL-Event; undefined for a delivery signed with Standard Webhooks alone, which has no event header. */
  event: string | undefined;
  deliveryId: string;
  /** The timestamp signed, Unix seconds. */
  timestamp: number;
  /** The signatures checked: every one the delivery carries. */
  schemes: WebhookScheme[];
}

/**
 * Why a delivery was refused: `signature` (absent, of no known scheme, or not matching: answer 401),
 * `timestamp` (outside the tolerance: 400), `malformed` (another header missing or unreadable, a delivery id
 * with a dot, a body that is not bytes: 400).
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

const bytes = (body: WebhookBody): Uint8Array =>
  typeof body === 'string' ? Buffer.from(body, 'utf8') : body;

/**
 * The HMAC key of Standard Webhooks: `whsec_<base64>` decoded (its padding optional, as Python's library
 * takes it); any other secret, its UTF-8 bytes.
 */
export function standardWebhookKey(secret: string): Buffer {
  const base64 = /^whsec_((?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}(?:==)?|[A-Za-z0-9+/]{3}=?)?)$/;
  const encoded = base64.exec(secret)?.[1];
  return encoded ? Buffer.from(encoded, 'base64') : Buffer.from(secret, 'utf8');
}

/** Why a delivery id cannot be signed unambiguously, or undefined when it can. */
function idProblem(id: string): string | undefined {
  if (id === '') return 'the delivery id is empty';
  if (id.includes('.')) {
    return `the delivery id ${JSON.stringify(id.slice(0, 80))} holds a dot: the signed "<id>.<timestamp>.<body>" would be ambiguous`;
  }
  return undefined;
}

function signable(deliveryId: string, timestamp: number): void {
  const problem = idProblem(deliveryId);
  if (problem) throw new TypeError(`cannot sign a webhook delivery: ${problem}`);
  if (!Number.isSafeInteger(timestamp) || timestamp < 0) {
    throw new TypeError('cannot sign a webhook delivery: the timestamp is not Unix seconds');
  }
}

const standardDigest = (key: Buffer, id: string, stamp: string, body: WebhookBody): Buffer =>
  createHmac('sha256', key).update(`${id}.${stamp}.`).update(bytes(body)).digest();

const slDigest = (secret: string, id: string, stamp: string, body: WebhookBody): Buffer =>
  createHmac('sha256', secret).update(`${stamp}.${id}.`).update(bytes(body)).digest();

export interface SignWebhookOptions {
  body: WebhookBody;
  secret: string;
  /** Unix seconds, as sent in webhook-timestamp and X-SL-Timestamp. */
  timestamp: number;
  /** No dot (the signed string would be ambiguous): a TypeError otherwise. */
  deliveryId: string;
}

/** The X-SL-Signature value of a delivery (`v1=<hex>`). */
export function signWebhook(options: SignWebhookOptions): string {
  signable(options.deliveryId, options.timestamp);
  const { secret, timestamp, deliveryId, body } = options;
  return `v1=${slDigest(secret, deliveryId, String(timestamp), body).toString('hex')}`;
}

/** The webhook-signature value of a delivery (`v1,<base64>`), as the standardwebhooks libraries sign. */
export function signStandardWebhook(options: SignWebhookOptions): string {
  signable(options.deliveryId, options.timestamp);
  const { secret, timestamp, deliveryId, body } = options;
  const digest = standardDigest(standardWebhookKey(secret), deliveryId, String(timestamp), body);
  return `v1,${digest.toString('base64')}`;
}

/** Every signed header of a delivery, both schemes: what the sandbox sends and `webhook replay --resign` sets. */
export function signedWebhookHeaders(
  options: SignWebhookOptions & { event: string },
): Record<string, string> {
  const stamp = String(options.timestamp);
  return {
    [standardWebhookHeaders.id]: options.deliveryId,
    [standardWebhookHeaders.timestamp]: stamp,
    [standardWebhookHeaders.signature]: signStandardWebhook(options),
    [webhookHeaders.event]: options.event,
    [webhookHeaders.deliveryId]: options.deliveryId,
    [webhookHeaders.timestamp]: stamp,
    [webhookHeaders.signature]: signWebhook(options),
  };
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

/** One signature a delivery carries: the id and timestamp it signs, and whether it matches a body. */
interface Claim {
  scheme: WebhookScheme;
  header: string;
  id: string;
  stamp: string;
  matches(body: WebhookBody): boolean;
}

function signedId(headers: WebhookHeaders, name: string): string {
  const id = required(headers, name);
  const problem = idProblem(id);
  if (problem) throw new WebhookVerificationError('malformed', `${name}: ${problem}`);
  return id;
}

function signedStamp(headers: WebhookHeaders, name: string): string {
  const stamp = required(headers, name);
  if (!/^\d{1,12}$/.test(stamp))
    throw new WebhookVerificationError('malformed', `${name} is not Unix seconds`);
  return stamp;
}

function standardClaim(headers: WebhookHeaders, signature: string, secret: string): Claim {
  const names = standardWebhookHeaders;
  const id = signedId(headers, names.id);
  const stamp = signedStamp(headers, names.timestamp);
  // A space-delimited list of `version,signature`; v1a (ed25519) and later versions are not ours to check.
  const given = signature
    .split(' ')
    .filter((entry) => entry.startsWith('v1,'))
    .map((entry) => Buffer.from(entry.slice(3)));
  if (given.length === 0) {
    throw new WebhookVerificationError('signature', `${names.signature} holds no v1, signature`);
  }
  const key = standardWebhookKey(secret);
  return {
    scheme: 'standard',
    header: names.signature,
    id,
    stamp,
    matches(body) {
      const expected = Buffer.from(standardDigest(key, id, stamp, body).toString('base64'));
      return given.some((sig) => sig.length === expected.length && timingSafeEqual(sig, expected));
    },
  };
}

function slClaim(headers: WebhookHeaders, signature: string, secret: string): Claim {
  const stamp = signedStamp(headers, webhookHeaders.timestamp);
  const id = signedId(headers, webhookHeaders.deliveryId);
  const v1 = signature
    .split(/[\s,]+/)
    .filter((part) => part.startsWith('v1='))
    .map((part) => part.slice(3));
  if (v1.length === 0) {
    throw new WebhookVerificationError('signature', `${webhookHeaders.signature} holds no v1= signature`);
  }
  const given = v1.filter((hex) => /^[0-9a-f]{64}$/i.test(hex)).map((hex) => Buffer.from(hex, 'hex'));
  return {
    scheme: 'x-sl',
    header: webhookHeaders.signature,
    id,
    stamp,
    matches(body) {
      const expected = slDigest(secret, id, stamp, body);
      return given.some((sig) => timingSafeEqual(sig, expected));
    },
  };
}

/**
 * Checks a delivery: every signature it carries (webhook-signature, X-SL-Signature: at least one, and each
 * must match) over the raw body, timestamp and delivery id, and the timestamp's age. Returns the event,
 * delivery id, timestamp and the schemes checked; throws `WebhookVerificationError` (its `reason` says which
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
  const standard = header(headers, standardWebhookHeaders.signature)?.trim();
  const sl = header(headers, webhookHeaders.signature)?.trim();
  if (!standard && !sl) {
    throw new WebhookVerificationError(
      'signature',
      `the delivery has no ${standardWebhookHeaders.signature} or ${webhookHeaders.signature} header: it is not signed`,
    );
  }
  const claims: Claim[] = [];
  if (standard) claims.push(standardClaim(headers, standard, secret));
  let event: string | undefined;
  if (sl) {
    claims.push(slClaim(headers, sl, secret));
    event = required(headers, webhookHeaders.event);
  } else {
    event = header(headers, webhookHeaders.event)?.trim() || undefined;
  }
  const [first, second] = claims as [Claim, Claim | undefined];
  if (second && (second.id !== first.id || second.stamp !== first.stamp)) {
    throw new WebhookVerificationError(
      'malformed',
      `the delivery's ${standardWebhookHeaders.id} and ${standardWebhookHeaders.timestamp} are not its ${webhookHeaders.deliveryId} and ${webhookHeaders.timestamp}`,
    );
  }
  for (const claim of claims) {
    if (claim.matches(body)) continue;
    const reserialised = reserialisations(body).some((candidate) => claim.matches(candidate));
    throw new WebhookVerificationError(
      'signature',
      reserialised
        ? `the signature (${claim.header}) matches the body re-serialised as JSON, not the body as given`
        : `the signature does not match the body, timestamp and delivery id with this secret (${claim.header})`,
      reserialised,
    );
  }
  const timestamp = Number(first.stamp);
  const tolerance = options.tolerance ?? defaultWebhookTolerance;
  const now = options.now === undefined ? Date.now() : Number(options.now);
  const age = Math.round(now / 1000) - timestamp;
  if (Math.abs(age) > tolerance) {
    throw new WebhookVerificationError(
      'timestamp',
      `the timestamp is ${Math.abs(age)}s ${age >= 0 ? 'old' : 'in the future'}, outside the tolerance of ${tolerance}s`,
    );
  }
  return { event, deliveryId: first.id, timestamp, schemes: claims.map((c) => c.scheme) };
}
