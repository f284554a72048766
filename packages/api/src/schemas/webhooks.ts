import * as z from 'zod';
import { webhookAuthTypes } from '../values.js';

const RenewalMetadata = z.strictObject({
  url: z.string().optional(),
  method: z.string().optional(),
  bodyFields: z.record(z.string(), z.string()).optional(),
  asJson: z.boolean().optional(),
  forceFormUrlEncoding: z.boolean().optional(),
});

const ResponseHandling = z.strictObject({
  tokenField: z.string().optional(),
  ttlField: z.string().optional(),
  typeField: z.string().optional(),
});

/** How a bearer token is renewed (endpoint, method, body; fields of the renewal answer): `webhook set --renewal`. */
export const WebhookRenewal = z.strictObject({
  renewalMetadata: RenewalMetadata.optional(),
  responseHandling: ResponseHandling.optional(),
});

/** Bearer delivery: the token, and how to renew it. */
const BearerToken = z.strictObject({
  token: z.string().optional(),
  renewalMetadata: RenewalMetadata.optional(),
  responseHandling: ResponseHandling.optional(),
});

/** `authType` defaults to hmac with a secret (generated when none is given) and bearer with a token. */
export const WebhookBody = z.strictObject({
  url: z.url(),
  events: z.array(z.strictObject({ name: z.string().min(1) })),
  token: BearerToken.optional(),
  authType: z.enum(webhookAuthTypes).optional(),
  secret: z.string().optional(),
  enableEmailNotification: z.boolean().optional(),
});
export type WebhookBody = z.infer<typeof WebhookBody>;

export const WebhookSetup = z.looseObject({
  secret: z.string().optional(),
  authType: z.string().optional(),
  url: z.string().optional(),
  events: z.array(z.string()).optional(),
});

/**
 * `url` says a webhook is set up: `{}` (or an empty url) is none, but an answer with other keys and no url
 * is of the wrong shape (exit 8), never read as "none".
 */
export const Webhook = z
  .looseObject({
    url: z.string().optional(),
    tokenID: z.string().optional(),
    events: z.array(z.string()).optional(),
  })
  .refine((hook) => Object.keys(hook).length === 0 || 'url' in hook, {
    message: 'no url',
    path: ['url'],
  });
export type Webhook = z.infer<typeof Webhook>;

export const AlertingEvents = z.looseObject({
  events: z.array(z.looseObject({ name: z.string() })),
});
