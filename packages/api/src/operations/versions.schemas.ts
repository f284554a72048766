import * as z from 'zod';
import { AppVersion } from '../schemas/versions.js';
import { defineQuery, text } from '../query.js';
import { scanTagsQuery } from './queries.js';
import { defineSchemas } from '../schema.js';
import type { versionOperations } from './versions.js';

export default defineSchemas<typeof versionOperations>()({
  ListAppVersions: {
    query: defineQuery({ ...scanTagsQuery, type: text({ repeatable: true }) }),
    response: z.array(AppVersion),
  },
  ReadAppVersion: {
    query: defineQuery({ type: text({ repeatable: true }), scan: text() }),
    response: AppVersion,
  },
});
