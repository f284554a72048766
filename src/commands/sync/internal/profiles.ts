import type { ApiClient } from '../../../api/client.js';
import type { Context } from '../../../context.js';
import { UsageError } from '../../../errors.js';

/** The variables that would give every profile of `--profiles` the same token, address or organization. */
const overriding = [
  'SECSCAN_TOKEN',
  'SHIFTLEFT_ACCESS_TOKEN',
  'SECSCAN_BASE_URL',
  'SHIFTLEFT_API_HOST',
  'SECSCAN_ORG_ID',
  'SHIFTLEFT_ORG_ID',
];

/**
 * The organizations of a run: each profile of `--profiles` (its own settings, so several organizations
 * never collapse into one), else the run's own settings. Refused before any request: --profiles with
 * --org or --base-url, or with a variable that would override every profile.
 */
export async function orgClients(
  ctx: Context,
  profiles: readonly string[] | undefined,
): Promise<{ profile: string | undefined; client: ApiClient; baseUrl: string }[]> {
  const names = [...new Set((profiles ?? []).flatMap((p) => p.split(',')).map((p) => p.trim()))].filter(
    Boolean,
  );
  if (profiles && names.length === 0) throw new UsageError('--profiles needs at least one profile name');
  if (names.length === 0) {
    const settings = await ctx.settings();
    const profile = settings.profileExists ? settings.profile.value : undefined;
    return [{ profile, client: await ctx.client(), baseUrl: settings.baseUrl.value }];
  }
  for (const [flag, value] of [
    ['--org', ctx.globals.org],
    ['--base-url', ctx.globals.baseUrl],
  ] as const) {
    if (value !== undefined)
      throw new UsageError(`${flag} cannot be used with --profiles: each profile names its own`);
  }
  const set = overriding.filter((name) => ctx.env[name]?.trim());
  if (set.length) {
    throw new UsageError(
      `--profiles reads each profile's own settings, but ${set.join(', ')} would override them all: unset ${set.length === 1 ? 'it' : 'them'}`,
    );
  }
  const out = [];
  for (const name of names) {
    const client = await ctx.profileClient(name);
    out.push({ profile: name, client, baseUrl: client.origin + client.apiPrefix.replace(/\/api\/v4$/, '') });
  }
  return out;
}
