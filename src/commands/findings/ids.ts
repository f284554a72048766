import type { Finding } from '../../api/schemas/findings.js';
import type { Context } from '../../context.js';
import { ExitCode, NotFoundError } from '../../errors.js';
import { text } from '../define.js';
import { mapLimit } from '../shared/batches.js';

export { chunks, mapLimit } from '../shared/batches.js';
export { collectIds, findingId, idsFromOption, parseIds, requireIds } from '../shared/finding-ids.js';

/** The bulk operations take at most this many findings a request. */
export const batchSize = 100;

export const appOption = text('--app <id>', 'the app the finding belongs to (required)', {
  required: 'the app the finding belongs to',
});

/** Reads each finding first: what it was (for the report of changes), and which ids the app does not have. */
export async function readFindings(
  ctx: Context,
  app: string,
  ids: readonly string[],
): Promise<{ found: Finding[]; unknown: string[] }> {
  const client = await ctx.client();
  const results = await mapLimit(ids, 8, async (id) => {
    try {
      return await client.call('ReadAppFinding', { path: { appID: app, findingID: id } });
    } catch (error) {
      if (error instanceof NotFoundError) return id;
      throw error;
    }
  });
  const found = results.filter((r): r is Finding => typeof r !== 'string');
  const unknown = results.filter((r): r is string => typeof r === 'string');
  if (unknown.length) ctx.warn(`app ${app} has no finding ${unknown.join(', ')}: left out`);
  if (!found.length) {
    throw new NotFoundError(`app ${app} has none of the findings given`, ExitCode.notFound, 404, undefined);
  }
  return { found, unknown };
}
