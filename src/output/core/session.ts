import type { Writable } from 'node:stream';
import type { OutputStreams } from './format.js';
import { fdOf, showsProgress } from '../../streams/progress-rules.js';
import { ListingProgress } from './listing-progress.js';
import { PagerStream, pagerCommand, pagerFound } from './pager.js';
import type { Rows } from './view.js';

/** Where standard output's data goes: the terminal (or pipe, or file) itself, or a pager. */
export interface StdoutSink {
  stream: Writable;
  /** Around each write: the progress line on the same terminal is cleared, then drawn again. */
  around?: { before(): void; after(): void };
}

/** What a run's output goes through: a pager on a terminal, the progress of a long listing. */
export interface OutputSession {
  sink: StdoutSink;
  /** The rows of the listing, counted for its progress as they are read. */
  count<T>(rows: AsyncIterable<T>): AsyncIterable<T>;
  count<T>(rows: Rows<T>): Rows<T>;
  /** The listing is over: the progress line goes; the pager (if any) is waited for, then held notices written. */
  close(): Promise<void>;
}

/** The pager for this run, or none: stdout a real terminal, not --no-pager, not TERM=dumb, a pager to run. */
function pagerFor(ctx: OutputStreams, onStart: () => void): PagerStream | undefined {
  const stdout = fdOf(ctx.io.stdout);
  const stderr = fdOf(ctx.io.stderr);
  if (!ctx.stdoutIsTTY || stdout === undefined || stderr === undefined) return undefined;
  if (!ctx.globals.pager || ctx.env.TERM === 'dumb') return undefined;
  const command = pagerCommand(ctx.env);
  if (command === undefined) return undefined;
  if (!pagerFound(command, ctx.env)) {
    // The default (less) may simply not be installed; a pager the user named is said to be missing.
    const named =
      ctx.env.SECSCAN_PAGER !== undefined ? 'SECSCAN_PAGER' : ctx.env.PAGER !== undefined ? 'PAGER' : '';
    if (named) ctx.warn(`the pager ${JSON.stringify(command)} (${named}) was not found: output is not paged`);
    return undefined;
  }
  return new PagerStream(command, { env: ctx.env, stdout, stderr, onStart });
}

/**
 * Opens the output of a run that prints data: with `paged`, long output on a terminal goes through the
 * pager; with `listing`, a listing that takes more than a second shows its progress on stderr, when
 * stderr is a terminal and standard output is one too (not the pager) or a file, never into a pipe, not
 * with --quiet or --debug.
 */
export function openSession(ctx: OutputStreams, paged: boolean, listing: boolean): OutputSession {
  let progress: ListingProgress | undefined;
  const pager = paged
    ? pagerFor(ctx, () => {
        // The pager holds the terminal: nothing else draws on it until it is gone.
        progress?.pause();
        ctx.notices.hold();
      })
    : undefined;
  const terminal = ctx.stdoutIsTTY && !pager;
  if (listing && showsProgress(ctx)) {
    const current = new ListingProgress(ctx.io.stderr as NodeJS.WritableStream & { columns?: number });
    progress = current;
    ctx.onPage = (data) => current.page(data);
    ctx.notices.around = { before: () => current.clear(), after: () => current.redraw() };
  }
  const stop = () => {
    progress?.stop();
    ctx.onPage = undefined;
    ctx.notices.around = undefined;
  };
  return {
    sink: {
      stream: (pager ?? ctx.io.stdout) as unknown as Writable,
      around:
        progress && terminal
          ? { before: () => progress?.clear(), after: () => progress?.redraw() }
          : undefined,
    },
    count<T>(rows: Rows<T>): AsyncIterable<T> & Rows<T> {
      if (!progress) return rows as AsyncIterable<T>;
      const counter = progress;
      return (async function* () {
        try {
          for await (const row of rows) {
            counter.row();
            yield row;
          }
        } finally {
          stop();
        }
      })();
    },
    async close() {
      stop();
      await pager?.close();
      ctx.notices.release();
    },
  };
}
