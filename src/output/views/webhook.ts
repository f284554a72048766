import { defineView } from '../core/view.js';

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

const authType = { key: 'authType', header: 'Authentication' };

/** SetUpWebhook: how deliveries authenticate, and a generated secret (shown this once). */
export const webhookSetupView = defineView<WebhookItem>({
  columns: [
    url,
    events,
    authType,
    { key: 'secret', header: 'Secret', style: (text, _row, chalk) => chalk.bold(text) },
  ],
});

/** SetUpWebhook with a secret or token of the user's: nothing secret to show. */
export const webhookAuthView = defineView<WebhookItem>({ columns: [url, events, authType] });

export const eventView = defineView<{ name: string }>({
  columns: [{ key: 'name', header: 'EVENT' }],
  emptyMessage: 'The service offers no events.',
});

/** `webhook verify`: the delivery that holds. */
export const verifiedView = defineView<Record<string, unknown>>({
  columns: [
    { key: 'event', header: 'Event' },
    { key: 'delivery_id', header: 'Delivery id' },
    { key: 'timestamp', header: 'Signed at' },
    { key: 'verdict', header: 'Verdict' },
  ],
});

/** `webhook replay`: where the delivery went and what the receiver answered. */
export const replayView = defineView<Record<string, unknown>>({
  columns: [
    { key: 'delivery_id', header: 'Delivery id' },
    { key: 'to', header: 'To' },
    { key: 'status', header: 'Status' },
    { key: 'resigned', header: 'Re-signed' },
  ],
});
