import * as z from 'zod';
import { defineSchemas } from '../schema.js';

export default defineSchemas({
  // ResolveCheckAnalysisConfiguration: the raw YAML file (not JSON), which the client returns as text.
  ResolveCheckAnalysisConfiguration: {
    response: z.string(),
  },
});
