import type { WebhookVerificationError } from '@secscan/api/webhook-signature';
import { CliError, ExitCode } from '../errors.js';

/** The word `webhook listen` prints for a delivery refused for this reason. */
export const refusedVerdict = {
  signature: 'bad-signature',
  timestamp: 'stale-timestamp',
  malformed: 'malformed',
} as const;

/** The HTTP status `webhook listen` answers a refused delivery with. */
export const refusedStatus = { signature: 401, timestamp: 400, malformed: 400 } as const;

/** The body is JSON, but not as deliveries are sent (compact, nothing around it): parsed and written again? */
export function looksReserialised(body: Uint8Array): boolean {
  const text = Buffer.from(body).toString('utf8');
  try {
    return JSON.stringify(JSON.parse(text)) !== text;
  } catch {
    return false;
  }
}

/** A refusal as `webhook verify` reports it: exit 4 (signature), 12 (timestamp) or 8 (malformed). */
export function verifyFailure(
  error: WebhookVerificationError,
  body: Uint8Array,
  secretFrom: string,
): CliError {
  if (error.reason === 'timestamp') {
    return new CliError(error.message, ExitCode.stale, 'WEBHOOK_STALE', {
      hint: 'a receiver refuses it; `secscan webhook replay ID --resign` sends it again with a fresh timestamp',
    });
  }
  if (error.reason === 'malformed')
    return new CliError(error.message, ExitCode.unexpected, 'WEBHOOK_MALFORMED');
  const hint = error.reserialised
    ? 'verify the bytes as received, not JSON parsed and serialised again (in Express: express.raw(), not express.json())'
    : looksReserialised(body)
      ? 'the body is JSON laid out otherwise than deliveries are sent (compact, with no newline after it): if it was parsed and written again, edited or saved with a newline, verify the bytes as received'
      : `check that the secret (${secretFrom}) is the webhook's, and that the headers and body are of the same delivery`;
  return new CliError(error.message, ExitCode.auth, 'WEBHOOK_SIGNATURE', { hint });
}
