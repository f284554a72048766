import type { ApiClient } from '../../../../../api/client.js';
import type { Enrollment } from '@secscan/api/schemas/integrations';
import type { Context } from '../../../../../context.js';
import { ExitCode, NotFoundError, RejectedError } from '../../../../../errors.js';

/**
 * The enrollment that applies at a level: a compound's own, else the organization's (the service falls back
 * and says which in `scope`). The reads answer 400 when there is none at that level or above.
 */
export async function readEnrollment(client: ApiClient, compound: string | undefined): Promise<Enrollment> {
  try {
    return compound === undefined
      ? await client.call('getWizOrgEnrollmentStatus')
      : await client.call('getWizCompoundEnrollmentStatus', { path: { compoundName: compound } });
  } catch (error) {
    if (error instanceof RejectedError && error.status === 400) {
      // Exit 5 as for a 404, with what the service said (400 and its code) in the JSON error.
      throw new NotFoundError(
        error.message,
        ExitCode.notFound,
        error.status,
        error.body,
        `enroll with \`secscan integrations cloud enrollment set ${compound === undefined ? '--org' : `--compound ${compound}`} --for SAST,SCA\``,
      );
    }
    throw error;
  }
}

function holds(apps: Record<string, unknown> | null | undefined, app: string): boolean {
  return Object.values(apps ?? {}).some(
    (a) => a === app || (typeof a === 'object' && a !== null && (a as { id?: unknown }).id === app),
  );
}

/** The compound an app belongs to (an active one before an archived one), from the compound listing. */
export async function compoundOf(ctx: Context, client: ApiClient, app: string): Promise<string | undefined> {
  const found: string[] = [];
  for (const archived of [false, true]) {
    for await (const page of client.pages('ListOrgCompounds', { query: { archived, per_page: 100 } })) {
      for (const c of page.compounds) if (c.name && holds(c.apps, app)) found.push(c.name);
    }
  }
  if (found.length > 1)
    ctx.warn(`${app} belongs to several compounds (${found.join(', ')}): showing ${found[0]}`);
  return found[0];
}
