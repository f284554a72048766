import { verifiedView } from '../../output/views/webhook.js';
import { CliError, ExitCode, UsageError } from '../../errors.js';
import { defineVerb, flag, parsed, text } from '../define.js';
import { duration } from '../parsers.js';
import { readTextFile } from '../shared/config-file.js';
import { readInputFileSync } from '../shared/files.js';
import { type HeaderMap, parseHeaders } from '../../webhook/head.js';
import { secretStdinOption, secretVariable, webhookSecret } from './internal/secret.js';
import { deliveriesDir, readDelivery, waitForDelivery } from '../../webhook/store.js';
import { dirOption } from './internal/dir.js';
import { verifyFailure } from '../../webhook/verdict.js';

const malformed = (message: string) => new CliError(message, ExitCode.unexpected, 'WEBHOOK_MALFORMED');

export default defineVerb({
  name: 'verify',
  summary: 'Check a delivery’s signature and timestamp, as a receiver must',
  description:
    'Check a webhook delivery as a receiver must: its signatures over the body’s bytes, its delivery id and ' +
    'its timestamp. The delivery is --headers FILE with --body FILE, or --delivery ID, one `webhook listen` ' +
    'kept. Exit 0 when it holds, 4 for a signature that does not match, 12 for a stale timestamp, 8 for a ' +
    'malformed delivery.\n\n' +
    'Every signature it carries is checked, over the body’s bytes exactly as received (Standard Webhooks’ webhook-signature: v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">, ' +
    'keyed by the secret whsec_<base64> decoded or any other secret’s bytes; X-SL-Signature: v1=<hex HMAC-SHA256 of ' +
    '"<X-SL-Timestamp>.<X-SL-Webhook-Delivery-ID>.<raw body>" with the secret>; at least one, each present must hold), ' +
    'a delivery id without a dot (with one, the signed string would be ambiguous), and the timestamp within ' +
    '--tolerance of now (of when it arrived, for a delivery `webhook listen` kept). The delivery is --headers FILE (the ' +
    'request’s head as `curl -D` writes it, or a JSON object of headers) with --body FILE, or --delivery ID, one ' +
    '`webhook listen` kept in --dir (with --wait, once it has kept it: for a script that has just caused the delivery).\n\n' +
    `The secret comes from $${secretVariable}, or standard input with --secret-stdin; never from a flag. ` +
    'Exits 0 when the delivery holds; 4 when a signature does not match (with a hint when the body looks ' +
    'parsed and serialised again, the usual mistake); 12 when the timestamp is outside the tolerance; 8 when ' +
    'the delivery is malformed (a header missing or unreadable, an id with a dot).',
  examples: [
    'secscan webhook verify --headers delivery.headers --body delivery.json',
    'secscan webhook verify --delivery 6f1c2a9e-0b7d-4c55-9a40-2f0d7d1e8b21 --dir deliveries',
    'secscan webhook verify --delivery 6f1c2a9e-0b7d-4c55-9a40-2f0d7d1e8b21 --wait --timeout 60',
    'secscan webhook verify --headers h.txt --body b.json --secret-stdin < secret.txt',
  ],
  operations: [],
  options: {
    headers: text('--headers <file>', 'the delivery’s headers: its head as received, or a JSON object', {
      complete: 'file',
      conflicts: ['delivery'],
    }),
    body: text('--body <file>', 'the delivery’s body, byte for byte', {
      complete: 'file',
      conflicts: ['delivery'],
    }),
    delivery: text('--delivery <id>', 'a delivery `webhook listen` kept in --dir'),
    wait: flag('--wait', 'with --delivery: wait until the listener has kept it (up to the global --timeout)'),
    dir: dirOption,
    tolerance: parsed('--tolerance <duration>', 'how far the timestamp may be from now', duration(), {
      default: '5m',
    }),
    secretStdin: secretStdinOption,
  },
  view: verifiedView,
  validate({ opts }) {
    if (opts.delivery === undefined && (opts.headers === undefined || opts.body === undefined)) {
      throw new UsageError('name the delivery: --headers FILE and --body FILE, or --delivery ID');
    }
    if (opts.dir !== undefined && opts.delivery === undefined)
      throw new UsageError('--dir goes with --delivery');
    if (opts.wait && opts.delivery === undefined) throw new UsageError('--wait goes with --delivery');
    if (opts.secretStdin && (opts.headers === '-' || opts.body === '-')) {
      throw new UsageError(
        'standard input holds the secret (--secret-stdin): name files for --headers and --body',
      );
    }
  },
  async run(ctx, { opts }) {
    let headers: HeaderMap | undefined;
    let body: Buffer;
    let now = Date.now();
    if (opts.delivery !== undefined) {
      const dir = deliveriesDir(ctx.env, opts.dir);
      const stored = opts.wait
        ? await waitForDelivery(ctx, dir, opts.delivery)
        : await readDelivery(dir, opts.delivery);
      headers = parseHeaders(stored.head);
      body = stored.body;
      const received = Date.parse(stored.meta.received_at);
      if (!Number.isNaN(received)) now = received;
    } else {
      const headersFile = opts.headers as string;
      headers = parseHeaders(await readTextFile(ctx, headersFile, '--headers'));
      if (!headers) {
        throw malformed(
          `--headers: ${headersFile} holds no headers (expected "Name: value" lines, or a JSON object of names to values)`,
        );
      }
      body = readInputFileSync(opts.body as string, { what: '--body' });
    }
    if (!headers) throw malformed(`the delivery ${opts.delivery} has no readable headers`);
    const secret = await webhookSecret(ctx, opts.secretStdin);
    const { verifyWebhook, WebhookVerificationError, standardWebhookHeaders, webhookHeaders } =
      await import('@secscan/api/webhook-signature');
    const signatureHeader = { standard: standardWebhookHeaders.signature, 'x-sl': webhookHeaders.signature };
    try {
      const verified = verifyWebhook({ body, headers, secret, tolerance: opts.tolerance, now });
      return {
        kind: 'object',
        item: {
          event: verified.event,
          delivery_id: verified.deliveryId,
          timestamp: new Date(verified.timestamp * 1000).toISOString().replace('.000Z', 'Z'),
          verdict: 'valid',
          signatures: verified.schemes.map((scheme) => signatureHeader[scheme]),
        },
      };
    } catch (error) {
      if (!(error instanceof WebhookVerificationError)) throw error;
      throw verifyFailure(error, body, opts.secretStdin ? 'standard input' : `$${secretVariable}`);
    }
  },
});
