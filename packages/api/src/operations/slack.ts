import { defineOperations } from '../operation.js';

// The authorization and the callback answer 302: the client returns the Location.
export const slackOperations = defineOperations('slack', {
  AuthorizeSlack: {
    method: 'GET',
    path: '/slack/authorize/orgs/{orgID}',
    scopes: [],
    summary: 'Authorize Slack',
    successStatus: 302,
  },
  SlackCallback: {
    method: 'GET',
    path: '/slack/orgs/{orgID}',
    scopes: [],
    summary: 'Receive Slack OAuth 2.0 data',
    successStatus: 302,
  },
  DeleteSlackConfiguration: {
    method: 'DELETE',
    path: '/slack/orgs/{orgID}',
    scopes: [],
    summary: 'Delete Slack OAuth 2.0 data',
  },
});
