import { OkOnly } from '../schemas/common.js';
import { AlertingEvents, Webhook, WebhookBody, WebhookSetup } from '../schemas/webhooks.js';
import { webhookQuery } from './queries.js';
import { defineSchemas } from '../schema.js';
import type { alertingOperations } from './alerting.js';

export default defineSchemas<typeof alertingOperations>()({
  GetAlertingEvents: {
    response: AlertingEvents,
  },
  GetWebhook: {
    query: webhookQuery,
    response: Webhook,
  },
  SetUpWebhook: {
    query: webhookQuery,
    body: WebhookBody,
    response: WebhookSetup,
  },
  DeleteWebhook: {
    query: webhookQuery,
    response: OkOnly,
  },
});
