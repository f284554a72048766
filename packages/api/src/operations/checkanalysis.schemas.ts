import * as z from 'zod';
import { PolicyUpsert, PolicyVersion } from '../schemas/org-data.js';
import { boolean, defineQuery, text } from '../query.js';
import { defineSchemas } from '../schema.js';
import type { checkAnalysisOperations } from './checkanalysis.js';

export default defineSchemas<typeof checkAnalysisOperations>()({
  ListCheckAnalysisConfiguration: {
    query: defineQuery({ name: text({ repeatable: true }) }),
    response: z.array(PolicyVersion),
  },
  // ResolveCheckAnalysisConfiguration: the raw YAML file (not JSON), which the client returns as text.
  ResolveCheckAnalysisConfiguration: {
    response: z.string(),
  },
  // The body is the YAML file as text, sent as is.
  UpsertCheckAnalysisConfiguration: {
    query: defineQuery({ tag: text(), useDefaults: boolean() }),
    body: z.string(),
    response: PolicyUpsert,
  },
});
