import type { ChalkInstance } from 'chalk';
import type { Context } from '../context.js';
import type { AnyView } from '../output/view.js';
import type { OutputWriter } from '../output/writer.js';

export interface OptionSpec {
  /** Commander flags, e.g. `--type <type>` or `-s, --severity <level...>`. */
  flags: string;
  description: string;
  choices?: readonly string[];
  default?: string | boolean | string[];
  /** Collect repeated uses into an array (`--scope a --scope b`). */
  repeatable?: boolean;
  /** Hide from help (for deprecated spellings). */
  hidden?: boolean;
}

export interface ArgSpec {
  name: string;
  description: string;
  required?: boolean;
  variadic?: boolean;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- options arrive from commander as a loose record.
export type Opts = Record<string, any>;

export interface RunInput {
  args: string[];
  opts: Opts;
}

export type Rows = Iterable<Record<string, unknown>> | AsyncIterable<Record<string, unknown>>;

/** What a verb returns; the renderer chosen by -o prints it. A verb never prints data itself. */
export type Result =
  | {
      kind: 'list';
      rows: Rows;
      view?: AnyView;
      footer?: (count: number) => string | undefined;
      exitCode?: number;
    }
  | { kind: 'object'; item: Record<string, unknown>; view?: AnyView; exitCode?: number }
  | { kind: 'raw'; body: string; exitCode?: number }
  | { kind: 'custom'; render: (out: OutputWriter, chalk: ChalkInstance) => Promise<void>; exitCode?: number }
  | { kind: 'none'; exitCode?: number };

export interface VerbModule {
  run(ctx: Context, input: RunInput): Promise<Result>;
  /** The view used for table/tsv/csv columns and --fields; may depend on the options. */
  view?: AnyView | ((opts: Opts) => AnyView);
  /** Checks flags before anything is read or sent (exit 2 on failure). */
  validate?(input: RunInput): void;
}

export interface VerbSpec {
  name: string;
  aliases?: string[];
  summary: string;
  description?: string;
  examples?: string[];
  args?: ArgSpec[];
  options?: OptionSpec[];
  /** Output formats beyond the base ones (e.g. `sarif`). */
  outputs?: string[];
  load?: () => Promise<VerbModule>;
  verbs?: VerbSpec[];
}

export interface NounSpec extends VerbSpec {
  verbs?: VerbSpec[];
}

export function defineNoun(spec: NounSpec): NounSpec {
  return spec;
}
