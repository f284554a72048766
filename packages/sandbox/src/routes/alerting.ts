import { randomUUID } from 'node:crypto';
import { bare, type HandlerContext, type HandlerMap, invalid, notFound, ok, ReplyError } from '../http.js';
import type { WebhookRecord } from '../state.js';
import { generateWebhookSecret } from '../webhooks.js';
import { webhookEvents } from '@secscan/api/values';

/** The `version` query of the webhook operations: 1 (legacy flow) or 2 (normal flow, the default). */
function versionOf(ctx: HandlerContext): 1 | 2 {
  const raw = ctx.query.get('version');
  if (raw === null || raw === '2') return 2;
  if (raw === '1') return 1;
  throw new ReplyError(invalid('invalid query parameter version', ['version: expected 1 or 2']));
}

export const alertingHandlers = {
  GetAlertingEvents: () => bare({ events: webhookEvents.map((name) => ({ name })) }),

  // GetWebhook answers bare; the token id only for bearer deliveries, never the secret.
  GetWebhook: (ctx) => {
    const version = versionOf(ctx);
    const hook = ctx.state.webhooks.find((w) => w.version === version);
    if (!hook) return notFound(`no webhook is set up (version ${version})`);
    return bare({
      url: hook.url,
      ...(hook.authType === 'bearer' ? { tokenID: hook.tokenID } : {}),
      events: hook.events,
    });
  },

  // One webhook per organization and version: setting it up again replaces it.
  SetUpWebhook: (ctx) => {
    const version = versionOf(ctx);
    const body = ctx.body;
    const names = body.events.map((e) => e.name);
    const errors = names.flatMap((name, i) =>
      (webhookEvents as readonly string[]).includes(name)
        ? []
        : [`events[${i}].name: unknown event ${JSON.stringify(name)} (see GET /alerting/events)`],
    );
    if (!names.length) errors.push('events: at least one event is required');
    const authType = body.authType ?? (body.secret === undefined && body.token ? 'bearer' : 'hmac');
    if (authType === 'bearer' && !body.token?.token)
      errors.push('token.token: required with authType bearer');
    if (authType === 'hmac' && body.token) errors.push('token: goes with authType bearer');
    if (authType === 'bearer' && body.secret !== undefined) errors.push('secret: goes with authType hmac');
    if (errors.length) return invalid('invalid webhook', errors);
    const existing = ctx.state.webhooks.find((w) => w.version === version);
    const record: WebhookRecord = {
      version,
      url: body.url,
      tokenID: existing?.tokenID ?? randomUUID(),
      events: [...new Set(names)],
      authType,
      ...(authType === 'hmac' ? { secret: body.secret || generateWebhookSecret() } : {}),
      ...(authType === 'bearer' && body.token?.token
        ? {
            token: {
              token: body.token.token,
              ...(body.token.renewalMetadata ? { renewalMetadata: body.token.renewalMetadata } : {}),
              ...(body.token.responseHandling ? { responseHandling: body.token.responseHandling } : {}),
            },
          }
        : {}),
      enableEmailNotification: body.enableEmailNotification ?? false,
    };
    ctx.state.webhooks = [...ctx.state.webhooks.filter((w) => w.version !== version), record];
    ctx.save();
    return ok({
      ...(record.secret ? { secret: record.secret } : {}),
      authType,
      url: record.url,
      events: record.events,
    });
  },

  DeleteWebhook: (ctx) => {
    const version = versionOf(ctx);
    if (!ctx.state.webhooks.some((w) => w.version === version)) {
      return notFound(`no webhook is set up (version ${version})`);
    }
    ctx.state.webhooks = ctx.state.webhooks.filter((w) => w.version !== version);
    ctx.save();
    return ok();
  },
} satisfies HandlerMap;
