import { scopePattern } from '../../api/schemas/common.js';
import { UsageError } from '../../errors.js';
import { splitList } from '../shared/lists.js';

/** Help of the scope flags. */
export const scopeHelp = 'scope <resource>:<action> or <resource>:*; repeat or separate with commas';

/** Scopes from repeated or comma-separated flags, each checked as `<resource>:<action>` or `<resource>:*`. */
export function parseScopes(flag: string, values: string[] | undefined): string[] {
  const scopes = splitList(values);
  for (const scope of scopes) {
    if (!scopePattern.test(scope)) {
      throw new UsageError(
        `invalid scope ${JSON.stringify(scope)} for ${flag}: expected <resource>:<action> or <resource>:*`,
      );
    }
  }
  return [...new Set(scopes)];
}
