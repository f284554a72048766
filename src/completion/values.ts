import { spawn } from 'node:child_process';
import { configDir } from '../config/paths.js';
import { resolveSettings, type SettingFlags } from '../config/settings.js';
import { peekProfiles } from '../config/store.js';
import { sanitize } from '../streams/sanitize.js';
import { selfCommand } from '../paths.js';
import {
  type CacheEntry,
  type CacheKey,
  type Candidate,
  claimRefresh,
  readCache,
  releaseRefresh,
  ttlMs,
  writeCache,
} from './cache.js';

/**
 * `secscan __complete KIND [--profile P] [--org O] [--base-url U]`, what the completion scripts run on TAB:
 * prints `value<TAB>description` lines and nothing else, never on stderr, never waiting on the network.
 * Live values come from the cache; a missing or stale list is refreshed by a detached
 * `secscan __complete --refresh KIND ...` with a short timeout, and a first TAB waits for it only while
 * the process is younger than `deadlineMs`.
 */

/**
 * How long after its start a completion process may still wait for a first list: a TAB on a cold cache
 * (zsh and fish show "no matches" for an empty answer) waits for the refresh, at most about a second.
 */
export const deadlineMs = 1000;
const pollMs = 10;
/** A failed refresh is tried again after this long, not on every TAB. */
const retryMs = 30_000;
const requestTimeoutMs = 4000;

export interface CompleteDeps {
  env: NodeJS.ProcessEnv;
  out: { write(text: string): unknown };
  /** Starts the background refresh (a detached process in real runs). */
  spawnRefresh?: (args: string[]) => void;
  /** Milliseconds since the process started (performance.now() in real runs). */
  uptime?: () => number;
  /** Test seam: the undici dispatcher of the refresh. */
  dispatcher?: import('undici').Dispatcher;
  version?: string;
}

interface Line {
  kind: string;
  flags: SettingFlags;
  /** The flags as given, passed on to the refresh. */
  passed: string[];
  /** `--lock TOKEN`: the refresh's claim, which the refresh releases. */
  lock?: string;
}

const uuidLike = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The kind, and the settings flags of the command line being completed. */
function parse(args: readonly string[]): Line {
  const flags: SettingFlags = {};
  const passed: string[] = [];
  let kind = '';
  let lock: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    const take = () => (eq > 0 ? arg.slice(eq + 1) : (args[++i] ?? ''));
    if (name === '--profile') {
      flags.profile = take();
      passed.push(name, flags.profile);
    } else if (name === '--base-url') {
      flags.baseUrl = take();
      passed.push(name, flags.baseUrl);
    } else if (name === '--org') {
      // A bare --org (the organization level of a listing) names no organization.
      const value = eq > 0 ? arg.slice(eq + 1) : args[i + 1];
      if (value !== undefined && uuidLike.test(value)) {
        flags.org = take();
        passed.push(name, flags.org);
      }
    } else if (name === '--lock') {
      lock = take();
    } else if (name === '--allow-insecure-http') {
      flags.allowInsecureHttp = true;
      passed.push(name);
    } else if (!kind && !arg.startsWith('-')) {
      kind = arg;
    }
  }
  return { kind, flags, passed, ...(lock === undefined ? {} : { lock }) };
}

/**
 * The cache key, token and CA file of the settings the command line would use; undefined when incomplete.
 */
function target(
  line: Line,
  env: NodeJS.ProcessEnv,
): { key: CacheKey; token: string; caFile: string | undefined } | undefined {
  const dir = configDir(env);
  const config = peekProfiles(dir);
  const profiles = config.profiles ?? {};
  const store = { currentName: config.current_profile, get: (name: string) => profiles[name] };
  try {
    const settings = resolveSettings(line.flags, env, store);
    const orgId = settings.orgId.value;
    const token = settings.token.value;
    if (!orgId || !token) return undefined;
    return {
      key: { configDir: dir, profile: settings.profile.value, orgId, baseUrl: settings.baseUrl.value },
      token,
      // A service behind a CA of its own (`sandbox --tls`): the refresh trusts it as every command does.
      caFile: settings.caFile.value,
    };
  } catch {
    return undefined;
  }
}

/**
 * The candidates as a shell reads them, filtered as tables are (src/streams/sanitize.ts): a description
 * loses its escapes, controls, bidi overrides and zero-width characters; a value that holds any is left out,
 * since the value completed would not be the one the service has (and could hide what it is).
 */
function print(out: CompleteDeps['out'], values: readonly Candidate[]): void {
  const lines = values
    .filter(([v]) => v !== '' && sanitize(v) === v)
    .map(([v, d]) => {
      const description = d ? sanitize(d).slice(0, 200).trim() : '';
      return description ? `${v}\t${description}` : v;
    });
  if (lines.length) out.write(`${lines.join('\n')}\n`);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Starts `secscan __complete --refresh ...` detached from the shell, its output nowhere. */
function spawnDetached(args: string[]): void {
  const [program, argv] = selfCommand(['__complete', '--refresh', ...args]);
  const child = spawn(program, argv, {
    detached: true,
    stdio: 'ignore',
  });
  child.on('error', () => {});
  child.unref();
}

/** Prints the completion values of a kind. Always exits 0: a TAB shows nothing rather than an error. */
export async function complete(args: readonly string[], deps: CompleteDeps): Promise<number> {
  if (args[0] === '--refresh') {
    await refresh(parse(args.slice(1)), deps);
    return 0;
  }
  const line = parse(args);
  if (line.kind === 'profile') {
    const profiles = peekProfiles(configDir(deps.env)).profiles ?? {};
    print(
      deps.out,
      Object.entries(profiles)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([name, p]): Candidate => [name, p?.base_url ?? '']),
    );
    return 0;
  }
  const { sources } = await import('./sources.js');
  if (!Object.hasOwn(sources, line.kind)) return 0;
  const found = target(line, deps.env);
  if (!found) return 0;
  const { key } = found;
  let entry: CacheEntry | undefined = readCache(key, line.kind);
  const now = Date.now();
  const claim = !entry || now - entry.fetchedAt > ttlMs ? claimRefresh(key, line.kind) : undefined;
  if (claim !== undefined) {
    try {
      (deps.spawnRefresh ?? spawnDetached)([line.kind, ...line.passed, '--lock', claim]);
    } catch {
      releaseRefresh(key, line.kind, claim);
    }
  }
  const uptime = deps.uptime ?? (() => performance.now());
  while (!entry && uptime() + pollMs < deadlineMs) {
    await sleep(pollMs);
    entry = readCache(key, line.kind);
  }
  if (entry) print(deps.out, entry.values);
  return 0;
}

/** The background refresh: one operation, no retries, a few seconds at most; the lock is released however it ends. */
async function refresh(line: Line, deps: CompleteDeps): Promise<void> {
  const found = target(line, deps.env);
  if (!found) return;
  const { key, token, caFile } = found;
  try {
    const { sources } = await import('./sources.js');
    const source = sources[line.kind];
    if (!source) return;
    const { createClient } = await import('../factory.js');
    const client = await createClient(
      { baseUrl: key.baseUrl, token, orgId: key.orgId, caFile },
      {
        timeoutMs: requestTimeoutMs,
        retries: 0,
        signal: AbortSignal.timeout(3 * requestTimeoutMs),
        dispatcher: deps.dispatcher,
        version: deps.version ?? '0',
        agent: 'completion',
      },
    );
    try {
      writeCache(key, line.kind, await source(client));
    } catch {
      // Keep what was cached; try again in a while rather than on every TAB.
      const old = readCache(key, line.kind);
      writeCache(key, line.kind, old?.values ?? [], Date.now() - ttlMs + retryMs);
    }
  } finally {
    if (line.lock !== undefined) releaseRefresh(key, line.kind, line.lock);
    const { closeDefaultDispatcher } = await import('../api/dispatcher.js');
    await closeDefaultDispatcher();
  }
}
