import type { ApiClient } from '../../../api/client.js';
import { scopePattern } from '@secscan/api/schemas/common';
import { UsageError } from '../../../errors.js';
import { closeNamesHint } from '../../../names/did-you-mean.js';
import { splitList } from '../../../util/lists.js';
import { closeNames, editDistance } from '../../../util/near.js';

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

/** The close scopes that are fewest edits away: scopes share their resources, so several are often close. */
function closest(scope: string, names: Iterable<string>): string[] {
  const near = closeNames(scope, names);
  const best = Math.min(...near.map((n) => editDistance(scope, n)));
  return near.filter((n) => editDistance(scope, n) === best);
}

/**
 * Refuses, before the write, scopes the organization does not offer (one ListAvailableRBACScopes request):
 * `resource:*` is known when some `resource:action` is, `resource:action` when it or `resource:*` is listed.
 */
export async function checkScopes(
  client: ApiClient,
  flagged: readonly (readonly [flag: string, scopes: readonly string[]])[],
): Promise<void> {
  if (!flagged.some(([, scopes]) => scopes.length)) return;
  const available = new Set(await client.call('ListAvailableRBACScopes'));
  const resources = new Set([...available].map((s) => s.slice(0, s.indexOf(':'))));
  for (const [flag, scopes] of flagged) {
    for (const scope of scopes) {
      const resource = scope.slice(0, scope.indexOf(':'));
      const known = scope.endsWith(':*')
        ? resources.has(resource)
        : available.has(scope) || available.has(`${resource}:*`);
      if (!known) {
        const near = closest(scope, scope.endsWith(':*') ? [...resources].map((r) => `${r}:*`) : available);
        throw new UsageError(
          `unknown scope ${JSON.stringify(scope)} for ${flag}: the organization does not offer it`,
          {
            hint: closeNamesHint(near, '`secscan scopes available`'),
          },
        );
      }
    }
  }
}
