import type { CheckRule } from '@secscan/api/schemas/scans';
import { parseRules } from '@secscan/api/rules/rules-file';

/** The rules of a stored check-analysis configuration (the same format as `scans check --rules`). */
export function parsePolicy(content: string): CheckRule[] {
  return parseRules(content, 'policy');
}
