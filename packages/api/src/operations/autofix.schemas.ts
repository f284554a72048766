import { FindingFix, RecommendedFix } from '../schemas/autofix.js';
import { defineSchemas } from '../schema.js';
import type { autofixOperations } from './autofix.js';

export default defineSchemas<typeof autofixOperations>()({
  ReadFindingFix: {
    response: FindingFix,
  },
  ReadRecommendedFix: {
    response: RecommendedFix,
  },
});
