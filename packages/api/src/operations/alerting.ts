import { defineOperations } from '../operation.js';

export const alertingOperations = defineOperations('alerting', {
  GetAlertingEvents: {
    method: 'GET',
    path: '/alerting/events',
    scopes: ['webhook:read'],
    summary: 'Get alerting events',
    envelope: false,
  },
  GetWebhook: {
    method: 'GET',
    path: '/orgs/{orgID}/alerting/webhook',
    scopes: ['webhook:read'],
    summary: 'Get a webhook',
    envelope: false,
  },
  SetUpWebhook: {
    method: 'PUT',
    path: '/orgs/{orgID}/alerting/webhook',
    scopes: ['webhook:write'],
    summary: 'Set up a webhook',
  },
  DeleteWebhook: {
    method: 'DELETE',
    path: '/orgs/{orgID}/alerting/webhook',
    scopes: ['webhook:write'],
    summary: 'Delete a webhook',
  },
});
