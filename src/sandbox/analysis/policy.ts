import type { CheckRule } from '../../api/schemas/scans.js';
import { parseRules } from '../../rules/rules-file.js';

/** The rules of a stored check-analysis configuration (the same format as `scans check --rules`). */
export function parsePolicy(content: string): CheckRule[] {
  return parseRules(content, 'policy');
}
