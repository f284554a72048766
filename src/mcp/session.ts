import { PassThrough } from 'node:stream';
import { Factory, type FactoryFlags } from '../factory.js';
import type { Settings } from '../config/settings.js';
import { Streams } from '../streams/streams.js';
import type { Clock } from '../util/clock.js';
import type { GlobalOptions } from '../util/global-values.js';

/** What every call of a server shares: the settings' sources, and where its log lines go. */
export interface ServerSettings {
  flags: FactoryFlags;
  env: NodeJS.ProcessEnv;
  version: string;
  debug: boolean;
  /** The server's log (standard error: the host's log of it); never a token. */
  log(line: string): void;
  /** Test seam: the undici dispatcher. */
  dispatcher?: import('undici').Dispatcher | undefined;
}

/** The tokens a server's answers and log lines must never hold: those of the environment, then the settings'. */
export class Secrets {
  private readonly known = new Set<string>();

  constructor(env: NodeJS.ProcessEnv) {
    for (const value of [env.SECSCAN_TOKEN, env.SHIFTLEFT_ACCESS_TOKEN]) this.add(value);
  }

  add(secret: string | undefined): void {
    // A value this short is no token: replacing it would mangle the answers.
    if (secret && secret.length >= 8) this.known.add(secret);
  }

  redact = (text: string): string => {
    let out = text;
    for (const secret of this.known) if (out.includes(secret)) out = out.split(secret).join('[redacted]');
    return out;
  };
}

/** A stream that hands each line written to it on (the engines' notices and warnings, --debug lines). */
function lineSink(onLine: (line: string) => void): NodeJS.WritableStream {
  let rest = '';
  return {
    isTTY: false,
    write(chunk: unknown) {
      const lines = (rest + String(chunk)).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) onLine(line);
      return true;
    },
    on() {
      return this;
    },
    once() {
      return this;
    },
    end() {},
  } as unknown as NodeJS.WritableStream;
}

/**
 * What the engines of one call are handed (an EngineContext): streams that write nowhere near the
 * protocol (standard output is the host's; a notice or warning is kept for the answer, a --debug line goes
 * to the log), a factory whose client aborts with the call, and a spinner that tells the host the step.
 */
export class CallContext extends Streams {
  /** The notices and warnings the engines wrote (sanitized lines), for the answer's `notes`. */
  readonly notes: string[] = [];
  private readonly factory: Factory;

  constructor(
    server: ServerSettings,
    signal: AbortSignal,
    private readonly onStep: (message: string) => void,
    secrets: Secrets,
  ) {
    const globals: GlobalOptions = {
      color: false,
      quiet: false,
      debug: server.debug,
      yes: false,
      input: false,
      pager: false,
      allowInsecureHttp: Boolean(server.flags.allowInsecureHttp),
      profile: server.flags.profile,
      baseUrl: server.flags.baseUrl,
      org: server.flags.org,
      timeout: server.flags.timeout,
      retries: server.flags.retries,
      maxRetryWait: server.flags.maxRetryWait,
    };
    const stderr = lineSink((line) => {
      if (line.startsWith('debug: ')) server.log(secrets.redact(line));
      else if (this.notes.length < 50) this.notes.push(secrets.redact(line));
    });
    const stdin = new PassThrough();
    stdin.end();
    const io = { stdin, stdout: lineSink(() => {}), stderr };
    super(globals, { io, env: server.env, signal, version: server.version });
    this.factory = new Factory(
      server.flags,
      { env: server.env, signal, version: server.version, dispatcher: server.dispatcher },
      this,
    );
    const settings = this.factory.settings.bind(this.factory);
    this.factory.settings = async () => {
      const resolved = await settings();
      secrets.add(resolved.token.value);
      return resolved;
    };
  }

  client(options: { requireOrg?: boolean } = {}) {
    return this.factory.client(options);
  }

  settings(): Promise<Settings> {
    return this.factory.settings();
  }

  get clock(): Clock {
    return this.factory.clock;
  }

  override async spin<T>(text: string, work: () => Promise<T>): Promise<T> {
    this.onStep(text);
    return work();
  }
}
