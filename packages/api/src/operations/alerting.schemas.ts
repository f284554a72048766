import { OkOnly } from '../schemas/common.js';
import { AlertingEvents, Webhook, WebhookBody, WebhookSetup } from '../schemas/webhooks.js';
import { defineSchemas } from '../schema.js';

export default defineSchemas({
  GetAlertingEvents: {
    response: AlertingEvents,
  },
  GetWebhook: {
    response: Webhook,
  },
  SetUpWebhook: {
    body: WebhookBody,
    response: WebhookSetup,
  },
  DeleteWebhook: {
    response: OkOnly,
  },
});
