import { OkOnly, RedirectLocation } from '../schemas/common.js';
import { defineSchemas } from '../schema.js';
import type { slackOperations } from './slack.js';

export default defineSchemas<typeof slackOperations>()({
  AuthorizeSlack: {
    response: RedirectLocation,
  },
  SlackCallback: {
    response: RedirectLocation,
  },
  DeleteSlackConfiguration: {
    response: OkOnly,
  },
});
