import type { WebhookBody } from '@secscan/api/schemas/webhooks';
import { webhookEvents } from '@secscan/api/values';
import { UnexpectedResponseError, UsageError } from '../../errors.js';
import { webhookAuthView, webhookSetupView } from '../../output/views/webhook.js';
import { choice, defineVerb, flag, list, text } from '../define.js';
import { fileLabel, parseSettingsFile, readTextFile } from '../shared/config-file.js';
import { fromStdin } from './internal/secret.js';
import { flowName, versionOption, versionQuery } from './internal/version.js';

export default defineVerb({
  name: 'set',
  summary: 'Set up (or replace) the webhook: its URL, events and how deliveries authenticate',
  description:
    'Set up the organization’s webhook, or replace it: where events are delivered, which events, and ' +
    'how deliveries authenticate.\n\n' +
    'With HMAC (the default) deliveries are signed with a shared secret: give yours on standard input ' +
    'with --secret-stdin, or let the service generate one, which is printed once and cannot be shown ' +
    'again. With a bearer token (--token-stdin) --renewal names a YAML or JSON file holding ' +
    'renewalMetadata {url, method, bodyFields, asJson, forceFormUrlEncoding} and responseHandling ' +
    '{tokenField, ttlField, typeField}. Secrets and tokens are never taken from the command line.',
  examples: [
    'secscan webhook set --url https://hooks.example.com/secscan --event scan.finished',
    'secscan webhook set --url https://hooks.example.com/secscan --event scan.finished --secret-stdin < secret.txt',
    'secscan webhook set --url https://ci.example.com/hook --event scan.finished --token-stdin --renewal renewal.yml < token.txt',
  ],
  operations: ['SetUpWebhook'],
  options: {
    url: text('--url <url>', 'where events are delivered (required)', { required: true }),
    event: list('--event <name>', 'an event to deliver, repeatable (required)', {
      required: true,
      choices: webhookEvents,
    }),
    auth: choice('--auth <type>', 'hmac: a shared secret (default); bearer: a token', ['hmac', 'bearer']),
    secretStdin: flag('--secret-stdin', 'read the HMAC secret from standard input (default: generated)', {
      conflicts: ['tokenStdin'],
    }),
    tokenStdin: flag('--token-stdin', 'read the bearer token from standard input'),
    renewal: text('--renewal <file>', 'how the bearer token is renewed: a YAML or JSON file', {
      complete: 'file',
      conflicts: ['secretStdin'],
    }),
    emailOnFailure: flag(
      '--email-on-failure',
      'e-mail the organization’s administrators when a delivery fails',
    ),
    version: versionOption,
  },
  view: webhookSetupView,
  validate({ opts }) {
    let url: URL | undefined;
    try {
      url = new URL(opts.url);
    } catch {
      url = undefined;
    }
    if (!url || !/^https?:$/.test(url.protocol)) {
      throw new UsageError(`invalid value for --url: ${JSON.stringify(opts.url)} (expected an http(s) URL)`);
    }
    if (opts.auth === 'bearer' && !opts.tokenStdin) {
      throw new UsageError('--auth bearer needs a token: pass it on standard input with --token-stdin');
    }
    if (opts.auth === 'hmac' && opts.tokenStdin)
      throw new UsageError('--token-stdin goes with --auth bearer');
    if (opts.auth === 'bearer' && opts.secretStdin)
      throw new UsageError('--secret-stdin goes with --auth hmac');
    if (opts.renewal !== undefined && !opts.tokenStdin) {
      throw new UsageError('--renewal goes with a bearer token (--token-stdin)');
    }
    if (opts.renewal === '-') throw new UsageError('--renewal: standard input holds the token; name a file');
  },
  async run(ctx, { opts }) {
    const renewal =
      opts.renewal === undefined
        ? undefined
        : await parseSettingsFile(
            await readTextFile(ctx, opts.renewal, '--renewal'),
            fileLabel(opts.renewal),
            (await import('@secscan/api/schemas/webhooks')).WebhookRenewal,
            'the file holds renewalMetadata {url, method, bodyFields, asJson, forceFormUrlEncoding} and responseHandling {tokenField, ttlField, typeField}',
          );
    const secret = opts.secretStdin ? await fromStdin(ctx, '--secret-stdin', 'secret') : undefined;
    const token = opts.tokenStdin ? await fromStdin(ctx, '--token-stdin', 'token') : undefined;
    const client = await ctx.client();
    const body: WebhookBody = {
      url: opts.url,
      events: [...new Set(opts.event)].map((name) => ({ name })),
      authType: opts.auth ?? (token === undefined ? 'hmac' : 'bearer'),
      ...(secret === undefined ? {} : { secret }),
      ...(token === undefined ? {} : { token: { token, ...renewal } }),
      ...(opts.emailOnFailure ? { enableEmailNotification: true } : {}),
    };
    const answer = await client.call('SetUpWebhook', {
      query: versionQuery(opts.version),
      body,
      verify:
        'set it up again: a second set-up replaces the first' +
        (secret === undefined && body.authType === 'hmac' ? ', whose generated secret was never shown' : ''),
    });
    const { secret: returned, ...rest } = answer;
    const generated = secret === undefined && body.authType === 'hmac' && returned;
    if (secret === undefined && body.authType === 'hmac' && !returned) {
      // Deliveries would be signed with a secret nobody has: the receiver could never check them.
      throw new UnexpectedResponseError(
        'SetUpWebhook: the service set up the webhook but its answer carries no secret: deliveries are signed with a secret nobody has seen',
        { hint: 'set it up again with your own secret: --secret-stdin < secret.txt' },
      );
    }
    ctx.note(`Set up the webhook of the ${flowName(opts.version)} flow: ${opts.url}.`);
    if (generated) ctx.note('Save this secret now: deliveries are signed with it and it is not shown again.');
    if (generated) return { kind: 'object', item: { ...rest, secret: returned } };
    return { kind: 'object', item: rest, view: webhookAuthView };
  },
});
