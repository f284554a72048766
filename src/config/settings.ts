import { ConfigError, UsageError } from '../errors.js';
import { isLoopback } from '../util/loopback.js';
import { orgIdFromToken } from './jwt.js';
import type { Profile, ProfileStore } from './store.js';

export const defaultBaseUrl = 'https://app.shiftleft.io';
export const defaultProfileName = 'default';

export interface SettingFlags {
  profile?: string | undefined;
  baseUrl?: string | undefined;
  org?: string | undefined;
  allowInsecureHttp?: boolean | undefined;
}

export interface Setting<T> {
  value: T;
  /** Where the value came from: `--flag`, an environment variable, `profile NAME`, `token claim`, `default`. */
  source: string;
}

export interface Settings {
  profile: Setting<string>;
  profileExists: boolean;
  baseUrl: Setting<string>;
  orgId: Setting<string | undefined>;
  token: Setting<string | undefined>;
  /** CAs to trust besides the system's: SECSCAN_CA_FILE, else the profile's `ca_file`. */
  caFile: Setting<string | undefined>;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A bad value typed on the command line is a usage error (2); one from the environment or a profile is configuration (3). */
function isCommandLine(source: string): boolean {
  return source.startsWith('--') || source.startsWith('config set ');
}

export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}

function firstEnv(env: NodeJS.ProcessEnv, names: string[]): Setting<string> | undefined {
  for (const name of names) {
    const value = env[name]?.trim();
    if (value) return { value, source: `$${name}` };
  }
  return undefined;
}

/** Checks a service address; plain http is only for loopback unless explicitly allowed. */
export function checkBaseUrl(value: string, source: string, allowInsecureHttp = false): string {
  const fail = (reason: string): never => {
    const message = `invalid service address ${JSON.stringify(value)} (from ${source}): ${reason}`;
    throw isCommandLine(source) ? new UsageError(message) : new ConfigError(message);
  };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return fail('not a URL (e.g. https://app.shiftleft.io)');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return fail('use http:// or https://');
  if (url.protocol === 'http:' && !isLoopback(url.hostname) && !allowInsecureHttp) {
    return fail('plain http is refused for non-loopback hosts; use https or pass --allow-insecure-http');
  }
  if (url.search || url.hash || url.username) return fail('no query, fragment or credentials allowed');
  // The address the sandbox and the service's docs show for the API itself: the client adds `/api/v4`, so
  // it is taken off once (`.../api/v4/api/v4` is left as written).
  return `${url.origin}${url.pathname.replace(/\/+$/, '').replace(/\/api\/v4$/, '')}`;
}

export function checkOrgId(value: string, source: string): string {
  if (isUuid(value)) return value.toLowerCase();
  const message = `invalid organization id ${JSON.stringify(value)} (from ${source}): expected a UUID`;
  throw isCommandLine(source) ? new UsageError(message) : new ConfigError(message);
}

/** The contract's precedence: flags, then environment (SECSCAN_* before SHIFTLEFT_*), then the profile. */
export function resolveSettings(
  flags: SettingFlags,
  env: NodeJS.ProcessEnv,
  store: Pick<ProfileStore, 'currentName' | 'get'> | undefined,
): Settings {
  const profileName: Setting<string> = flags.profile
    ? { value: flags.profile, source: '--profile' }
    : (firstEnv(env, ['SECSCAN_PROFILE']) ??
      (store?.currentName
        ? { value: store.currentName, source: 'current profile' }
        : { value: defaultProfileName, source: 'default' }));
  const profile: Profile | undefined = store?.get(profileName.value);
  const fromProfile = (key: keyof Profile): Setting<string> | undefined => {
    const value = profile?.[key];
    return value ? { value, source: `profile ${profileName.value}` } : undefined;
  };

  const hostEnv = firstEnv(env, ['SECSCAN_BASE_URL']) ?? shiftleftHost(env);
  const baseUrl = (flags.baseUrl ? { value: flags.baseUrl, source: '--base-url' } : undefined) ??
    hostEnv ??
    fromProfile('base_url') ?? { value: defaultBaseUrl, source: 'default' };
  baseUrl.value = checkBaseUrl(baseUrl.value, baseUrl.source, flags.allowInsecureHttp);

  const token: Setting<string | undefined> = firstEnv(env, ['SECSCAN_TOKEN', 'SHIFTLEFT_ACCESS_TOKEN']) ??
    fromProfile('token') ?? { value: undefined, source: 'none' };

  let orgId: Setting<string | undefined> = (flags.org ? { value: flags.org, source: '--org' } : undefined) ??
    firstEnv(env, ['SECSCAN_ORG_ID', 'SHIFTLEFT_ORG_ID']) ??
    fromProfile('org_id') ?? { value: undefined, source: 'none' };
  if (orgId.value) orgId.value = checkOrgId(orgId.value, orgId.source);
  else {
    const claim = orgIdFromToken(token.value);
    if (claim) orgId = { value: claim, source: 'token claim' };
  }

  const caFile: Setting<string | undefined> = firstEnv(env, ['SECSCAN_CA_FILE']) ??
    fromProfile('ca_file') ?? { value: undefined, source: 'none' };

  return { profile: profileName, profileExists: profile !== undefined, baseUrl, orgId, token, caFile };
}

/** SHIFTLEFT_API_HOST is a host name such as app.shiftleft.io: https:// is implied. */
function shiftleftHost(env: NodeJS.ProcessEnv): Setting<string> | undefined {
  const host = firstEnv(env, ['SHIFTLEFT_API_HOST']);
  if (!host) return undefined;
  return {
    value: /^https?:\/\//.test(host.value) ? host.value : `https://${host.value}`,
    source: host.source,
  };
}
