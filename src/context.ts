import type { ChalkInstance } from 'chalk';
import type { ApiClient } from './api/client.js';
import { redactText } from './api/redact.js';
import { orgIdFromToken, tokenExpiry } from './config/jwt.js';
import { configDir } from './config/paths.js';
import { resolveSettings, type Settings } from './config/settings.js';
import type { ProfileStore } from './config/store.js';
import { ConfigError, missingOrgError, UsageError } from './errors.js';
import { colorEnabled, isCI, type OutputFormat } from './output/format.js';
import { sanitizeLine } from './output/sanitize.js';
import { StderrLines } from './output/stderr.js';
import { loadWidths } from './output/width.js';
import type { IO } from './io.js';
import { decodeUtf8 } from './util/utf8.js';
import { type Clock, realClock } from './util/clock.js';
import { parseNumber, parseWait } from './util/global-values.js';

export interface GlobalOptions {
  output?: string;
  fields?: string;
  jq?: string;
  color: boolean;
  quiet: boolean;
  debug: boolean;
  timeout?: string;
  retries?: string;
  maxRetryWait?: string;
  yes: boolean;
  input: boolean;
  profile?: string;
  baseUrl?: string;
  org?: string;
  allowInsecureHttp: boolean;
  /** `--no-pager` gives false: long output on a terminal is not paged. */
  pager: boolean;
}

export type { IO };

export interface ContextDeps {
  io: IO;
  env: NodeJS.ProcessEnv;
  signal: AbortSignal;
  version: string;
  /** Test seam: the undici dispatcher (a MockAgent in command tests). */
  dispatcher?: import('undici').Dispatcher;
  /** Test seam: the clock a wait sleeps on (a fake one runs a long wait at once). */
  clock?: Clock;
  /** Every command in full (main reads the manifest; a verb never imports the registry it is in). */
  commandTree?: () => Promise<{ commands: readonly CommandNode[] }>;
}

/** A command of the tree as a verb may read it: its words, the operations it calls, the commands under it. */
export interface CommandNode {
  readonly name: string;
  readonly operations?: readonly string[];
  readonly commands?: readonly CommandNode[];
}

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
/** Every style of a chalk instance, chained or called, returns the text unchanged. */
export const plainChalk: ChalkInstance = new Proxy(() => {}, {
  // Not a thenable (`then` is undefined), so it can be awaited; `level` 0 like a colourless chalk.
  get: (_target, key) =>
    key === 'then' || typeof key === 'symbol' ? undefined : key === 'level' ? 0 : plainChalk,
  apply: (_target, _this, args: unknown[]) => args.join(' '),
}) as unknown as ChalkInstance;

async function chalkFor(color: boolean): Promise<ChalkInstance> {
  if (!color) return plainChalk;
  const { Chalk } = await import('chalk');
  return new Chalk({ level: 1 });
}

/** Everything a verb may need, built lazily: --help and usage errors never touch config or network. */
export class Context {
  readonly io: IO;
  readonly env: NodeJS.ProcessEnv;
  readonly signal: AbortSignal;
  readonly version: string;
  readonly globals: GlobalOptions;
  /** What a wait sleeps on: the wall clock, unless a test gives another. */
  readonly clock: Clock;
  private readonly deps: ContextDeps;
  private storePromise: Promise<ProfileStore> | undefined;
  private clientPromise: Promise<ApiClient> | undefined;
  private chalkInstance: ChalkInstance | undefined;
  readonly timeoutMs: number;
  readonly retries: number;
  /** `--max-retry-wait`: the longest `Retry-After` waited for (60 s unless given); longer fails at once. */
  readonly maxRetryWaitMs: number;
  /** The output format chosen for this run (set before the verb runs). */
  format: OutputFormat = 'table';
  fields: string[] | undefined;
  /** The compiled `--jq` expression (set before the verb runs; the jq engine loads only then). */
  jq: import('./output/jq.js').JqFilter | undefined;
  /** Secrets the user handed in (a client secret): kept out of --debug lines. */
  private readonly secrets: string[] = [];
  private warnedEmpty = false;
  /** Notices, warnings and --debug lines: wrapped on a terminal, kept while a pager holds it. */
  readonly notices: StderrLines;
  /** Told of each page a listing reads (the progress of a long listing counts them). */
  onPage: (() => void) | undefined;

  constructor(globals: GlobalOptions, deps: ContextDeps) {
    this.globals = globals;
    this.deps = deps;
    this.io = deps.io;
    this.env = deps.env;
    this.signal = deps.signal;
    this.version = deps.version;
    this.clock = deps.clock ?? realClock;
    this.notices = new StderrLines(deps.io.stderr, deps.env);
    // Output for a person: string-width loads in the background, while the request is in flight.
    if (this.stdoutIsTTY || this.stderrIsTTY) void loadWidths();
    // An empty value would quietly fall back to the environment or the profile: refused.
    for (const [flag, value] of [
      ['--base-url', globals.baseUrl],
      ['--profile', globals.profile],
      ['--org', globals.org],
    ] as const) {
      if (value !== undefined && value.trim() === '') throw new UsageError(`${flag} must not be empty`);
    }
    this.timeoutMs = (parseNumber('--timeout', globals.timeout, 1, 3600) ?? 30) * 1000;
    this.retries = parseNumber('--retries', globals.retries, 0, 10) ?? 2;
    if (this.retries !== Math.floor(this.retries))
      throw new UsageError('invalid value for --retries: expected a whole number');
    this.maxRetryWaitMs = parseWait(globals.maxRetryWait) ?? 60_000;
  }

  /** Every command of secscan, in full (`api --list` names the commands that call each operation). */
  async commandTree(): Promise<{ commands: readonly CommandNode[] }> {
    if (!this.deps.commandTree) throw new Error('no command tree was given to this context');
    return this.deps.commandTree();
  }

  get debugEnabled(): boolean {
    return this.globals.debug || this.env.SECSCAN_DEBUG === '1';
  }

  get stdoutIsTTY(): boolean {
    return Boolean(this.io.stdout.isTTY);
  }

  get stderrIsTTY(): boolean {
    return Boolean(this.io.stderr.isTTY);
  }

  /**
   * Prompts and confirmations are allowed: stdin and stderr are terminals, --no-input is not given and
   * `CI` is not set (a CI job on a pseudo-terminal would otherwise wait for an answer that never comes).
   */
  get interactive(): boolean {
    return this.globals.input && !isCI(this.env) && Boolean(this.io.stdin.isTTY) && this.stderrIsTTY;
  }

  get color(): boolean {
    return colorEnabled(this.globals.color, this.env, this.stdoutIsTTY);
  }

  /** Colours for stdout; without colour, a stand-in that returns the text (chalk is not even loaded). */
  async chalk(): Promise<ChalkInstance> {
    this.chalkInstance ??= await chalkFor(this.color);
    return this.chalkInstance;
  }

  async stderrChalk(): Promise<ChalkInstance> {
    return chalkFor(colorEnabled(this.globals.color, this.env, this.stderrIsTTY));
  }

  /** Keeps a secret read from the user out of every --debug line from now on. */
  keepSecret(secret: string): void {
    this.secrets.push(secret);
  }

  /** A --debug line; it quotes URLs and bodies: sanitized (the bodies are cut at 2000 characters). */
  debug(line: string): void {
    if (this.debugEnabled) this.notices.write(`debug: ${sanitizeLine(line, 10_000)}\n`);
  }

  /**
   * A notice on stderr, silenced by --quiet. It may quote the service or the user, so each line is
   * sanitized and capped: a newline or CR inside a name can never forge a line of its own. A message of
   * several lines is given as an array of lines; on a terminal each is wrapped at its width, between words.
   */
  note(message: string | readonly string[]): void {
    if (!this.globals.quiet) this.notices.say(message, '');
  }

  /** A warning on stderr (never silenced): `warning: ` before its first line. */
  warn(message: string | readonly string[]): void {
    this.notices.say(message, 'warning: ');
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
    if (this.globals.profile !== undefined || env.SECSCAN_PROFILE) return true;
    const token = env.SECSCAN_TOKEN || env.SHIFTLEFT_ACCESS_TOKEN;
    const address = this.globals.baseUrl || env.SECSCAN_BASE_URL || env.SHIFTLEFT_API_HOST;
    const org = this.globals.org || env.SECSCAN_ORG_ID || env.SHIFTLEFT_ORG_ID || orgIdFromToken(token);
    return !(token && address && org);
  }

  async settings(): Promise<Settings> {
    const store = this.needsStore() ? await this.store() : undefined;
    if (store?.exposed) {
      this.warn(`${store.path} can be read by other users; run \`chmod 600 ${store.path}\``);
    }
    const settings = resolveSettings(
      {
        profile: this.globals.profile,
        baseUrl: this.globals.baseUrl,
        org: this.globals.org,
        allowInsecureHttp: this.globals.allowInsecureHttp,
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
    this.warn(
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
      return this.clientFor(
        settings.baseUrl.value,
        settings.token.value,
        settings.orgId.value,
        settings.caFile.value,
        {
          tokenOrg: orgIdFromToken(settings.token.value),
          expiresAt: tokenExpiry(settings.token.value),
          tokenSource: settings.token.source,
          orgId: settings.orgId.value,
          orgSource: settings.orgId.source,
          profile: settings.profile.value,
        },
      );
    })();
    const promise = this.clientPromise;
    if (options.requireOrg === false) return promise;
    return promise.then((client) => {
      if (!client.orgId) {
        throw missingOrgError();
      }
      return client;
    });
  }

  async clientFor(
    baseUrl: string,
    token: string | undefined,
    orgId: string | undefined,
    caFile: string | undefined = this.env.SECSCAN_CA_FILE || undefined,
    tokenFacts?: import('./api/auth-hints.js').TokenFacts,
  ): Promise<ApiClient> {
    const { ApiClient } = await import('./api/client.js');
    // An invalid --jq expression is a usage error before any request: jq compiles it now.
    await this.jq?.ready();
    return new ApiClient({
      baseUrl,
      token,
      orgId,
      timeoutMs: this.timeoutMs,
      retries: this.retries,
      // 0 reads a list one page after the other, as before (the benchmark's baseline).
      pageAhead: this.env.SECSCAN_PAGE_AHEAD
        ? parseNumber('SECSCAN_PAGE_AHEAD', this.env.SECSCAN_PAGE_AHEAD, 0, 16)
        : undefined,
      maxRetryWaitMs: this.maxRetryWaitMs,
      tokenFacts,
      clock: this.clock,
      signal: this.signal,
      dispatcher: this.deps.dispatcher,
      caFile,
      userAgent: `secscan/${this.version} node/${process.version}`,
      onPage: () => this.onPage?.(),
      debug: this.debugEnabled
        ? (line) =>
            this.debug(
              redactText(line, [
                token,
                this.env.SECSCAN_TOKEN,
                this.env.SHIFTLEFT_ACCESS_TOKEN,
                ...this.secrets,
              ]),
            )
        : undefined,
    });
  }

  /**
   * A sender to a code host's API (the pull-request comment): the client's timeouts, retries, proxies and
   * --debug, with that host's token, which it sends to `origin` only.
   */
  async providerSender(origin: string, token: string): Promise<import('./api/transport.js').Transport> {
    const { Transport } = await import('./api/transport.js');
    return new Transport(origin, {
      baseUrl: origin,
      token,
      timeoutMs: this.timeoutMs,
      retries: this.retries,
      maxRetryWaitMs: this.maxRetryWaitMs,
      signal: this.signal,
      dispatcher: this.deps.dispatcher,
      caFile: this.env.SECSCAN_CA_FILE || undefined,
      userAgent: `secscan/${this.version} node/${process.version}`,
      debug: this.debugEnabled
        ? (line) => this.debug(redactText(line, [token, this.env.SECSCAN_TOKEN, ...this.secrets]))
        : undefined,
    });
  }

  /** Asks before a destructive action; refuses without --yes when nobody can answer. */
  async confirm(question: string): Promise<void> {
    if (this.globals.yes) return;
    if (!this.interactive) {
      throw new UsageError(
        `${question.replace(/\?$/, '')}: confirmation needed; pass --yes to proceed without a prompt`,
      );
    }
    const { ask } = await import('./prompt.js');
    const answer = await ask(this.io, `${sanitizeLine(question)} [y/N] `, false);
    if (!/^y(es)?$/i.test(answer.trim())) throw new UsageError('cancelled');
  }

  /** Reads all of stdin (tokens, files given as -), at most 4 MiB: bytes that are not UTF-8 are refused (exit 3). */
  async readStdin(label = 'stdin'): Promise<string> {
    return decodeUtf8(await this.readStdinBytes(), label);
  }

  /** Stdin's bytes (for `--input -` and the like), at most 4 MiB (longer is exit 3 naming the limit). */
  async readStdinBytes(label = 'standard input'): Promise<Buffer> {
    const { readStreamLimited } = await import('./util/input-file.js');
    return readStreamLimited(this.io.stdin as AsyncIterable<Buffer | string>, label);
  }

  /** A progress bar on stderr when stderr is a terminal and --quiet is not given; otherwise none. */
  async progress(label: string): Promise<import('./output/progress.js').Progress | undefined> {
    if (!this.stderrIsTTY || this.globals.quiet || this.debugEnabled) return undefined;
    const { progressBar } = await import('./output/progress.js');
    return progressBar(this.io.stderr as NodeJS.WritableStream & { columns?: number }, label);
  }

  /** Runs `work` with a spinner on stderr when stderr is a terminal and --quiet is not given. */
  async spin<T>(text: string, work: () => Promise<T>): Promise<T> {
    // ora loops forever clearing lines on a terminal that reports zero columns (some ptys): no spinner there.
    const columns = (this.io.stderr as { columns?: number }).columns ?? 0;
    const dumb = this.env.TERM === 'dumb';
    if (!this.stderrIsTTY || columns <= 0 || dumb || this.globals.quiet || this.debugEnabled) return work();
    const { default: ora } = await import('ora');
    // discardStdin would put the terminal in raw mode, where Ctrl-C is a keypress and no longer a SIGINT.
    const spinner = ora({
      text: sanitizeLine(text, 200),
      stream: this.io.stderr as NodeJS.WritableStream & { isTTY: true },
      discardStdin: false,
    }).start();
    try {
      return await work();
    } finally {
      spinner.stop();
    }
  }
}
