import { redactText } from '../../../../api/redact.js';
import type { Context } from '../../../../context.js';
import { CliError, UsageError } from '../../../../errors.js';
import { defineVerb, parsed, text } from '../../../define.js';
import { pattern } from '../../../parsers.js';
import { checkWith } from '../../../../util/hints.js';

const httpsUrl = pattern(/^https:\/\/[^\s/?#]+[^\s]*$/, 'expected an https:// address');

async function readSecret(ctx: Context): Promise<string> {
  let secret: string;
  if (ctx.io.stdin.isTTY) {
    if (!ctx.interactive) {
      throw new UsageError(
        'the client secret is read from standard input: secscan integrations cloud creds set ... < secret.txt',
      );
    }
    const { ask } = await import('../../../../streams/prompt.js');
    secret = await ask(ctx.io, 'Client secret: ', true);
  } else {
    secret = await ctx.readStdin();
  }
  secret = secret.replace(/\r?\n$/, '');
  if (!secret.trim()) {
    throw new UsageError(
      'no client secret on standard input (secscan integrations cloud creds set ... < secret.txt)',
    );
  }
  if (/[\r\n]/.test(secret))
    throw new UsageError('the client secret spans several lines: pass only the secret');
  return secret;
}

export default defineVerb({
  name: 'set',
  summary: 'Store the client credentials of the cloud-security platform (Wiz); the secret from stdin',
  description:
    'Store the client credentials of a Wiz service account for the organization. The client secret is read ' +
    'from standard input (or typed at a hidden prompt on a terminal), never taken from the command line, ' +
    'and never printed or logged, --debug included. The service checks the credentials with Wiz.',
  examples: [
    'secscan integrations cloud creds set --client-id ID --auth-url https://auth.app.wiz.io/oauth/token --api-url https://api.us17.app.wiz.io/graphql < secret.txt',
    'printf %s "$WIZ_CLIENT_SECRET" | secscan integrations cloud creds set --client-id "$WIZ_CLIENT_ID" --auth-url https://auth.app.wiz.io/oauth/token --api-url https://api.us17.app.wiz.io/graphql',
  ],
  operations: ['storeWizCreds'],
  options: {
    clientId: text('--client-id <id>', 'client id of the Wiz service account', { required: true }),
    authUrl: parsed(
      '--auth-url <url>',
      'Wiz authentication address (https://auth.app.wiz.io/oauth/token)',
      httpsUrl,
      {
        required: true,
      },
    ),
    apiUrl: parsed(
      '--api-url <url>',
      'Wiz API endpoint (https://api.<region>.app.wiz.io/graphql)',
      httpsUrl,
      {
        required: true,
      },
    ),
  },
  async run(ctx, { opts }) {
    const secret = await readSecret(ctx);
    ctx.keepSecret(secret);
    const client = await ctx.client();
    try {
      await ctx.spin('Storing the credentials', () =>
        client.call('storeWizCreds', {
          body: {
            client_id: opts.clientId,
            client_secret: secret,
            auth_url: opts.authUrl,
            api_url: opts.apiUrl,
          },
          verify: checkWith('secscan integrations cloud creds show', '(storing them again is harmless)'),
        }),
      );
    } catch (error) {
      // The service's message might quote what it was sent.
      if (error instanceof CliError) {
        error.message = redactText(error.message, [secret]);
        if (error.stack) error.stack = redactText(error.stack, [secret]);
      }
      throw error;
    }
    ctx.note('Stored the client credentials of the cloud-security platform (Wiz).');
    return { kind: 'none' };
  },
});
