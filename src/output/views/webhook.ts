import { defineView } from '../view.js';

type WebhookItem = Record<string, unknown> & { events?: string[] | null };

const url = { key: 'url', header: 'URL' };
const events = {
  key: 'events',
  header: 'Events',
  get: (w: WebhookItem) => (w.events ?? []).join(', '),
};

/** GetWebhook: where events go; the token id with bearer deliveries; never a secret. */
export const webhookView = defineView<WebhookItem>({
  columns: [url, events, { key: 'tokenID', header: 'Token id' }],
});

/** SetUpWebhook: how deliveries authenticate, and a generated secret (shown this once). */
export const webhookSetupView = defineView<WebhookItem>({
  columns: [
    url,
    events,
    { key: 'authType', header: 'Authentication' },
    { key: 'secret', header: 'Secret', style: (text, _row, chalk) => chalk.bold(text) },
  ],
});

export const eventView = defineView<{ name: string }>({
  columns: [{ key: 'name', header: 'EVENT' }],
  emptyMessage: 'The service offers no events.',
});
