import type { ChalkInstance } from 'chalk';
import type { CliError } from '../errors.js';
import type { AnyView } from './view.js';
import type { OutputWriter } from './writer.js';

export type Rows = Iterable<Record<string, unknown>> | AsyncIterable<Record<string, unknown>>;

/**
 * What a verb returns; the renderer chosen by -o prints it. A verb never prints data itself: `custom`
 * results carry a renderer from this layer (a report, SARIF), never one written in the verb.
 */
export type Result =
  | {
      kind: 'list';
      rows: Rows;
      view?: AnyView;
      footer?: (count: number) => string | undefined;
      exitCode?: number;
      /** A run that stopped part-way: the rows say what was done, then this error decides the exit. */
      error?: CliError;
    }
  | { kind: 'object'; item: Record<string, unknown>; view?: AnyView; exitCode?: number }
  /** Bytes or text as received, printed unchanged (one string, or chunks as they arrive; bytes stay bytes). */
  | {
      kind: 'raw';
      body: string | Uint8Array | AsyncIterable<string | Uint8Array>;
      exitCode?: number;
      /** The verb ran --jq itself (`secscan api`: on each page), so the body is printed as it is. */
      jqApplied?: boolean;
    }
  | {
      kind: 'custom';
      render: (out: OutputWriter, chalk: ChalkInstance) => Promise<void>;
      exitCode?: number;
      /** A run that could not finish: what was rendered says so, then this error decides the exit. */
      error?: CliError;
    }
  | { kind: 'none'; exitCode?: number };
