import { OkOnly, RedirectLocation } from '../schemas/common.js';
import { defineSchemas } from '../schema.js';

export default defineSchemas({
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
