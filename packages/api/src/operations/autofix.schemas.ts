import { FindingFix, RecommendedFix } from '../schemas/autofix.js';
import { defineSchemas } from '../schema.js';

export default defineSchemas({
  ReadFindingFix: {
    response: FindingFix,
  },
  ReadRecommendedFix: {
    response: RecommendedFix,
  },
});
