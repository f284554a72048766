import { replayView } from '../../output/views/webhook.js';
import { CliError, ExitCode, UsageError } from '../../errors.js';
import { sanitizeLine } from '../../streams/sanitize.js';
import { arg, defineVerb, flag, text } from '../define.js';
import { pattern } from '../parsers.js';
import { forwardedHeaders, parseHeaders } from '../../webhook/head.js';
import { secretStdinOption, secretVariable, webhookSecret } from './internal/secret.js';
import { httpUrl, type Sent, send } from '../../webhook/send.js';
import { deliveriesDir, readDelivery } from '../../webhook/store.js';
import { dirOption } from './internal/dir.js';

/** The receiver's answer as an exit code: as the service's would be (4, 5, 6; 7 for 5xx and no answer). */
function refusedBy({ status, answer }: Sent, to: string, resigned: boolean): CliError | undefined {
  if (typeof status === 'number' && status >= 200 && status < 300) return undefined;
  const said = answer.trim() ? `: ${sanitizeLine(answer.trim(), 200)}` : '';
  const message = `${to} answered ${typeof status === 'number' ? status : `nothing (${status})`}${said}`;
  if (typeof status !== 'number' || status >= 500)
    return new CliError(message, ExitCode.transient, 'REPLAY_FAILED');
  // A receiver that keeps the ids it received refuses this one whatever its timestamp: --resign keeps the id.
  const hint = /received already|replay/i.test(answer)
    ? 'the receiver has received this delivery id already, and --resign keeps the id: send it to another receiver with --to'
    : (status === 400 || status === 401) && !resigned
      ? 'a receiver with a tolerance refuses an old timestamp: --resign signs the delivery again with a fresh one'
      : undefined;
  if (status === 401 || status === 403)
    return new CliError(message, ExitCode.auth, 'REPLAY_REFUSED', { hint });
  return new CliError(message, status === 404 ? ExitCode.notFound : ExitCode.rejected, 'REPLAY_REFUSED', {
    hint,
  });
}

export default defineVerb({
  name: 'replay',
  summary: 'Send a delivery `webhook listen` kept again, re-signed if asked',
  description:
    'Send a delivery `webhook listen` kept in --dir again, with its headers and body unchanged, to --to (default: ' +
    'where the listener forwarded it). With --resign it carries a fresh timestamp (webhook-timestamp, ' +
    'X-SL-Timestamp) and each of its signatures made again with it (a receiver with a tolerance refuses the old ' +
    'one); the delivery id stays, signed as before. ' +
    `The secret --resign signs with comes from $${secretVariable}, or standard input with --secret-stdin. ` +
    'Exits 0 when the receiver answers 2xx; 4 (401, 403), 5 (404), 6 (other 4xx) or 7 (5xx, or no answer) ' +
    'otherwise.',
  examples: [
    'secscan webhook replay 6f1c2a9e-0b7d-4c55-9a40-2f0d7d1e8b21',
    'secscan webhook replay 6f1c2a9e-0b7d-4c55-9a40-2f0d7d1e8b21 --to http://127.0.0.1:3000/hooks --resign',
  ],
  operations: [],
  args: [arg('id', 'the delivery id', { parser: pattern(/\S/, 'expected a delivery id') })],
  options: {
    dir: dirOption,
    to: text('--to <url>', 'where to send it (default: where `webhook listen` forwarded it)'),
    resign: flag('--resign', 'sign it again with a fresh timestamp'),
    secretStdin: secretStdinOption,
  },
  view: replayView,
  validate({ opts }) {
    if (opts.to !== undefined && !httpUrl(opts.to)) {
      throw new UsageError(`invalid value for --to: ${JSON.stringify(opts.to)} (expected an http(s) URL)`);
    }
    if (opts.secretStdin && !opts.resign) throw new UsageError('--secret-stdin goes with --resign');
  },
  async run(ctx, { args: [id], opts }) {
    const stored = await readDelivery(deliveriesDir(ctx.env, opts.dir), id);
    const to = opts.to ?? stored.meta.forwarded_to;
    if (!to || !httpUrl(to)) {
      throw new UsageError(
        `--to: the delivery ${id} was not forwarded when it arrived; say where to send it`,
      );
    }
    const headers = parseHeaders(stored.head);
    if (!headers)
      throw new CliError(
        `the delivery ${id} has no readable headers`,
        ExitCode.unexpected,
        'WEBHOOK_MALFORMED',
      );
    if (opts.resign) {
      if (id.includes('.')) {
        throw new UsageError(
          `--resign: the delivery id ${id} holds a dot, which no signature covers unambiguously`,
        );
      }
      const secret = await webhookSecret(ctx, opts.secretStdin);
      const { signStandardWebhook, signWebhook, standardWebhookHeaders, webhookHeaders } =
        await import('@secscan/api/webhook-signature');
      const timestamp = Math.floor(Date.now() / 1000);
      const signing = { body: stored.body, secret, timestamp, deliveryId: id };
      // Each signature the delivery carries is made again with the fresh timestamp; the id stays.
      for (const [names, sign] of [
        [standardWebhookHeaders, signStandardWebhook],
        [webhookHeaders, signWebhook],
      ] as const) {
        if (headers[names.signature] === undefined) continue;
        headers[names.timestamp] = [String(timestamp)];
        headers[names.signature] = [sign(signing)];
      }
    }
    const sent = await send(to, forwardedHeaders(headers), stored.body, ctx.signal);
    const refused = refusedBy(sent, to, Boolean(opts.resign));
    if (refused) throw refused;
    return {
      kind: 'object',
      item: { delivery_id: id, to, status: sent.status, resigned: Boolean(opts.resign) },
    };
  },
});
