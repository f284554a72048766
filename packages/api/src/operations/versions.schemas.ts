import * as z from 'zod';
import { AppVersion } from '../schemas/versions.js';
import { defineSchemas } from '../schema.js';

export default defineSchemas({
  ListAppVersions: {
    response: z.array(AppVersion),
  },
  ReadAppVersion: {
    response: AppVersion,
  },
});
