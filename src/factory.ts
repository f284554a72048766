import type { ApiClient } from './api/client.js';
import type { TokenFacts } from './api/auth-hints.js';
import type { Transport } from './api/transport.js';
import { redactText } from './api/redact.js';
import { orgIdFromToken, tokenExpiry, tokenShapeProblem } from './config/jwt.js';
import { configDir } from './config/paths.js';
import { resolveSettings, type Settings } from './config/settings.js';
import type { ProfileStore } from './config/store.js';
import { ConfigError, missingOrgError, UsageError } from './errors.js';
import type { Streams } from './streams/streams.js';
import { type Clock, realClock } from './util/clock.js';
import { type GlobalOptions, parseNumber, parseWait } from './util/global-values.js';

/** The variables that give the connection settings, before a profile does. */
const settingVariables = [
  'SECSCAN_BASE_URL',
  'SECSCAN_ORG_ID',
  'SECSCAN_TOKEN',
  'SECSCAN_CA_FILE',
  'SHIFTLEFT_API_HOST',
  'SHIFTLEFT_ORG_ID',
  'SHIFTLEFT_ACCESS_TOKEN',
] as const;

/** Which service a client talks to, as whom. */
export interface ClientTarget {
  baseUrl: string;
  token: string | undefined;
  orgId: string | undefined;
  /** CAs to trust besides the system's (SECSCAN_CA_FILE, a profile's `ca_file`). */
  caFile?: string | undefined;
  /** Where the token and organization came from: a refusal they explain gets a hint that says how. */
  tokenFacts?: TokenFacts | undefined;
}

/** How a client sends: its timeouts, retries and clock, and what it tells (pages read, --debug lines). */
export interface ClientSending {
  timeoutMs: number;
  retries: number;
  signal: AbortSignal;
  version: string;
  maxRetryWaitMs?: number | undefined;
  pageAhead?: number | undefined;
  clock?: Clock | undefined;
  dispatcher?: import('undici').Dispatcher | undefined;
  onPage?: ((data: unknown) => void) | undefined;
  debug?: ((line: string) => void) | undefined;
  /** A line for the person running the command: a long wait the service asked for, and when it ends. */
  notice?: ((line: string) => void) | undefined;
  /** Added to the User-Agent, in parentheses (`completion`). */
  agent?: string | undefined;
}

const userAgent = (version: string, agent: string | undefined) =>
  `secscan/${version} node/${process.version}${agent ? ` (${agent})` : ''}`;

/**
 * The one place an API client is made: by a run's factory, by the background refresh of a TAB's completion
 * values (src/completion/values.ts) and by `secscan sandbox wait`, each with its own timeouts.
 */
export async function createClient(target: ClientTarget, sending: ClientSending): Promise<ApiClient> {
  const { ApiClient } = await import('./api/client.js');
  return new ApiClient({
    baseUrl: target.baseUrl,
    token: target.token,
    orgId: target.orgId,
    caFile: target.caFile,
    tokenFacts: target.tokenFacts,
    timeoutMs: sending.timeoutMs,
    retries: sending.retries,
    maxRetryWaitMs: sending.maxRetryWaitMs,
    pageAhead: sending.pageAhead,
    clock: sending.clock,
    signal: sending.signal,
    dispatcher: sending.dispatcher,
    userAgent: userAgent(sending.version, sending.agent),
    onPage: sending.onPage,
    debug: sending.debug,
    notice: sending.notice,
  });
}

export interface FactoryDeps {
  env: NodeJS.ProcessEnv;
  signal: AbortSignal;
  version: string;
  /** Test seam: the undici dispatcher (a MockAgent in command tests). */
  dispatcher?: import('undici').Dispatcher;
  /** Test seam: the clock a wait sleeps on (a fake one runs a long wait at once). */
  clock?: Clock;
}

/** The flags the factory reads: where the settings come from, and how requests are sent. */
export type FactoryFlags = Pick<
  GlobalOptions,
  'profile' | 'baseUrl' | 'org' | 'allowInsecureHttp' | 'timeout' | 'retries' | 'maxRetryWait'
>;

/**
 * What a run's commands are made of, as gh's Factory: the settings (flags > environment > profile), the
 * profile store and the API client, each built on first use (--help and a usage error touch none of them).
 * It speaks through the run's streams: warnings about the settings, and the client's --debug lines.
 */
export class Factory {
  readonly timeoutMs: number;
  readonly retries: number;
  /** `--max-retry-wait`: the longest `Retry-After` waited for (60 s unless given); longer fails at once. */
  readonly maxRetryWaitMs: number;
  /** What a wait sleeps on: the wall clock, unless a test gives another. */
  readonly clock: Clock;
  private storePromise: Promise<ProfileStore> | undefined;
  private clientPromise: Promise<ApiClient> | undefined;
  private warnedEmpty = false;

  /** Test seam: the dispatcher requests go through (a MockAgent in command tests; otherwise undici's own). */
  get dispatcher(): FactoryDeps['dispatcher'] {
    return this.deps.dispatcher;
  }

  constructor(
    private readonly flags: FactoryFlags,
    private readonly deps: FactoryDeps,
    private readonly streams: Streams,
    /** Awaited before a client is made (an invalid --jq expression is a usage error before any request). */
    private readonly beforeClient: () => Promise<void> = async () => {},
  ) {
    this.clock = deps.clock ?? realClock;
    // An empty value would quietly fall back to the environment or the profile: refused.
    for (const [flag, value] of [
      ['--base-url', flags.baseUrl],
      ['--profile', flags.profile],
      ['--org', flags.org],
    ] as const) {
      if (value !== undefined && value.trim() === '') throw new UsageError(`${flag} must not be empty`);
    }
    this.timeoutMs = (parseNumber('--timeout', flags.timeout, 1, 3600) ?? 30) * 1000;
    this.retries = parseNumber('--retries', flags.retries, 0, 10) ?? 2;
    if (this.retries !== Math.floor(this.retries))
      throw new UsageError('invalid value for --retries: expected a whole number');
    this.maxRetryWaitMs = parseWait(flags.maxRetryWait) ?? 60_000;
  }

  private get env(): NodeJS.ProcessEnv {
    return this.deps.env;
  }

  store(): Promise<ProfileStore> {
    this.storePromise ??= import('./config/store.js').then(({ ProfileStore }) =>
      ProfileStore.open(configDir(this.env)),
    );
    return this.storePromise;
  }

  /**
   * The profile store is opened (and conf loaded) only when a setting may come from it: a run whose flags
   * and environment give the token, the address and the organization reads no file at all.
   */
  private needsStore(): boolean {
    const env = this.env;
    if (this.flags.profile !== undefined || env.SECSCAN_PROFILE) return true;
    const token = env.SECSCAN_TOKEN || env.SHIFTLEFT_ACCESS_TOKEN;
    const address = this.flags.baseUrl || env.SECSCAN_BASE_URL || env.SHIFTLEFT_API_HOST;
    const org = this.flags.org || env.SECSCAN_ORG_ID || env.SHIFTLEFT_ORG_ID || orgIdFromToken(token);
    return !(token && address && org);
  }

  async settings(): Promise<Settings> {
    const store = this.needsStore() ? await this.store() : undefined;
    if (store?.exposed) {
      this.streams.warn(`${store.path} can be read by other users; run \`chmod 600 ${store.path}\``);
    }
    const settings = resolveSettings(
      {
        profile: this.flags.profile,
        baseUrl: this.flags.baseUrl,
        org: this.flags.org,
        allowInsecureHttp: this.flags.allowInsecureHttp,
      },
      this.env,
      store,
    );
    this.warnEmptyVariables(settings);
    if (
      settings.profile.source !== 'default' &&
      settings.profile.source !== 'current profile' &&
      !settings.profileExists
    ) {
      throw new ConfigError(`profile ${JSON.stringify(settings.profile.value)} does not exist`, {
        hint: `run \`secscan auth login --profile ${settings.profile.value}\`, or see \`secscan profiles list\``,
      });
    }
    return settings;
  }

  /**
   * A variable set to nothing (a missing CI secret, a settings file sourced before it was written) is as
   * good as unset, so the profile's settings are used: said once, on stderr, naming the variables.
   */
  private warnEmptyVariables(settings: Settings): void {
    if (this.warnedEmpty) return;
    const fromProfile = [settings.baseUrl, settings.orgId, settings.token, settings.caFile].some((s) =>
      s.source.startsWith('profile '),
    );
    const empty = settingVariables.filter((name) => this.env[name] !== undefined && !this.env[name]?.trim());
    if (!fromProfile || empty.length === 0) return;
    this.warnedEmpty = true;
    this.streams.warn(
      `${empty.join(', ')} ${empty.length === 1 ? 'is' : 'are'} set but empty: using the settings of profile ${settings.profile.value}`,
    );
  }

  /** The API client for the resolved settings; a missing token or organization is a configuration error. */
  client(options: { requireOrg?: boolean } = {}): Promise<ApiClient> {
    this.clientPromise ??= (async () => {
      const settings = await this.settings();
      if (!settings.token.value) {
        throw new ConfigError('no token: run `secscan auth login`, or set SECSCAN_TOKEN', {
          hint: 'for CI, set SECSCAN_TOKEN (or SHIFTLEFT_ACCESS_TOKEN) from a secret',
        });
      }
      // A header cannot carry it: refused here, never sent and retried as a network failure.
      if (!/^[\x21-\x7e]+$/.test(settings.token.value)) {
        throw new ConfigError(
          `the token (from ${settings.token.source}) holds characters a token cannot have: spaces, control or non-ASCII characters`,
        );
      }
      return this.clientFor({
        baseUrl: settings.baseUrl.value,
        token: settings.token.value,
        orgId: settings.orgId.value,
        caFile: settings.caFile.value,
        tokenFacts: {
          tokenOrg: orgIdFromToken(settings.token.value),
          expiresAt: tokenExpiry(settings.token.value),
          tokenSource: settings.token.source,
          tokenProblem: tokenShapeProblem(settings.token.value),
          orgId: settings.orgId.value,
          orgSource: settings.orgId.source,
          profile: settings.profile.value,
          baseUrlSource: settings.baseUrl.source,
        },
      });
    })();
    const promise = this.clientPromise;
    if (options.requireOrg === false) return promise;
    return promise.then((client) => {
      if (!client.orgId) {
        throw missingOrgError(client.tokenFacts);
      }
      return client;
    });
  }

  /**
   * The client of a named profile's settings (`sync --profiles a,b`): the profile's address, organization
   * and token, this run's timeouts, retries and --debug. The flags that would override every profile's
   * settings (--base-url, --org) are refused with --profiles before this is called.
   */
  profileClient(name: string): Promise<ApiClient> {
    return new Factory({ ...this.flags, profile: name }, this.deps, this.streams, this.beforeClient).client();
  }

  /**
   * A client of another target (a token being verified, a sandbox being waited for): this run's timeouts,
   * retries, proxies and --debug unless `sending` says otherwise; SECSCAN_CA_FILE unless the target names CAs.
   */
  async clientFor(
    target: ClientTarget,
    sending: Partial<Pick<ClientSending, 'timeoutMs' | 'retries'>> = {},
  ): Promise<ApiClient> {
    // The client's chunk first: V8 takes no code cache of the chunks loaded once jq's thread exists.
    await import('./api/client.js');
    // An invalid --jq expression is a usage error before any request: jq compiles it now.
    await this.beforeClient();
    const { token } = target;
    return createClient(
      { ...target, caFile: target.caFile ?? (this.env.SECSCAN_CA_FILE || undefined) },
      {
        timeoutMs: sending.timeoutMs ?? this.timeoutMs,
        retries: sending.retries ?? this.retries,
        // 0 reads a list one page after the other, as before (the benchmark's baseline).
        pageAhead: this.env.SECSCAN_PAGE_AHEAD
          ? parseNumber('SECSCAN_PAGE_AHEAD', this.env.SECSCAN_PAGE_AHEAD, 0, 16)
          : undefined,
        maxRetryWaitMs: this.maxRetryWaitMs,
        clock: this.clock,
        signal: this.deps.signal,
        dispatcher: this.deps.dispatcher,
        version: this.deps.version,
        onPage: (data) => this.streams.onPage?.(data),
        notice: (line) => this.streams.note(line),
        debug: this.streams.debugEnabled
          ? (line) =>
              this.streams.debug(
                redactText(line, [
                  token,
                  this.env.SECSCAN_TOKEN,
                  this.env.SHIFTLEFT_ACCESS_TOKEN,
                  ...this.streams.secrets,
                ]),
              )
          : undefined,
      },
    );
  }

  /**
   * A sender to a code host's API (the pull-request comment): the client's timeouts, retries, proxies and
   * --debug, with that host's token, which it sends to `origin` only.
   */
  async providerSender(origin: string, token: string): Promise<Transport> {
    const { Transport } = await import('./api/transport.js');
    return new Transport(origin, {
      baseUrl: origin,
      token,
      timeoutMs: this.timeoutMs,
      retries: this.retries,
      maxRetryWaitMs: this.maxRetryWaitMs,
      signal: this.deps.signal,
      dispatcher: this.deps.dispatcher,
      caFile: this.env.SECSCAN_CA_FILE || undefined,
      userAgent: userAgent(this.deps.version, undefined),
      debug: this.streams.debugEnabled
        ? (line) =>
            this.streams.debug(redactText(line, [token, this.env.SECSCAN_TOKEN, ...this.streams.secrets]))
        : undefined,
    });
  }
}

/**
 * What an engine (src/gate, src/triage) is handed: the run's streams, and its factory's client, settings and
 * clock. A run's Context is one; an engine never sees the output choices a verb makes.
 */
export type EngineContext = Streams & Pick<Factory, 'client' | 'settings' | 'clock'>;
