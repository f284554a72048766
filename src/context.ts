import type { ApiClient } from './api/client.js';
import type { Settings } from './config/settings.js';
import type { ProfileStore } from './config/store.js';
import { type ClientSending, type ClientTarget, Factory, type FactoryDeps } from './factory.js';
import type { OutputFormat, OutputStreams } from './output/core/format.js';
import type { JqFilter } from './output/core/jq.js';
import { type StreamDeps, Streams } from './streams/streams.js';
import type { Clock } from './util/clock.js';
import type { GlobalOptions } from './util/global-values.js';

export type { GlobalOptions };
export type { IO } from './streams/io.js';

export interface ContextDeps extends StreamDeps, FactoryDeps {
  /** Every command in full (main reads the manifest; a verb never imports the registry it is in). */
  commandTree?: () => Promise<{ commands: readonly CommandNode[] }>;
}

/** A command of the tree as a verb may read it: its words, the operations it calls, the commands under it. */
export interface CommandNode {
  readonly name: string;
  readonly operations?: readonly string[];
  readonly commands?: readonly CommandNode[];
}

/**
 * Everything a verb may need: the run's streams (it is one: src/streams/streams.ts), its factory (settings,
 * profile store, client: src/factory.ts) and the output chosen for it (format, --fields, --jq). Each part is
 * built lazily: --help and usage errors never touch config or network.
 */
export class Context extends Streams implements OutputStreams {
  readonly factory: Factory;
  /** The output format chosen for this run (set before the verb runs). */
  format: OutputFormat = 'table';
  fields: string[] | undefined;
  /** The compiled `--jq` expression (set before the verb runs; the jq engine loads only then). */
  jq: JqFilter | undefined;
  private readonly tree: ContextDeps['commandTree'];

  constructor(globals: GlobalOptions, deps: ContextDeps) {
    super(globals, deps);
    this.tree = deps.commandTree;
    this.factory = new Factory(globals, deps, this, async () => this.jq?.ready());
  }

  /** Every command of secscan, in full (`api --list` names the commands that call each operation). */
  async commandTree(): Promise<{ commands: readonly CommandNode[] }> {
    if (!this.tree) throw new Error('no command tree was given to this context');
    return this.tree();
  }

  get clock(): Clock {
    return this.factory.clock;
  }

  get timeoutMs(): number {
    return this.factory.timeoutMs;
  }

  get retries(): number {
    return this.factory.retries;
  }

  get maxRetryWaitMs(): number {
    return this.factory.maxRetryWaitMs;
  }

  store(): Promise<ProfileStore> {
    return this.factory.store();
  }

  settings(): Promise<Settings> {
    return this.factory.settings();
  }

  client(options: { requireOrg?: boolean } = {}): Promise<ApiClient> {
    return this.factory.client(options);
  }

  profileClient(name: string): Promise<ApiClient> {
    return this.factory.profileClient(name);
  }

  clientFor(
    target: ClientTarget,
    sending?: Partial<Pick<ClientSending, 'timeoutMs' | 'retries'>>,
  ): Promise<ApiClient> {
    return this.factory.clientFor(target, sending);
  }

  providerSender(origin: string, token: string): ReturnType<Factory['providerSender']> {
    return this.factory.providerSender(origin, token);
  }
}
