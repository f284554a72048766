import { fstatSync } from 'node:fs';
import { Writable } from 'node:stream';
import type { ChalkInstance } from 'chalk';
import type { OutputStreams } from '../core/format.js';
import { UsageError } from '../../errors.js';
import { exportObject, exportRows, stdoutTarget } from './target.js';
import type { JqFilter } from '../core/jq.js';
import type { Result } from '../core/result.js';
import type { Document } from './document.js';
import { readsCommands } from '../../streams/ci-log.js';
import { forTerminal, sanitizeMultiline } from '../../streams/sanitize.js';
import { openSession } from '../core/session.js';
import type { View } from '../core/view.js';
import { OutputWriter } from '../core/writer.js';

/**
 * Prints a verb's result with the exporter chosen by -o (and writes the files the result names); with
 * --jq, what -o json prints, through the filter.
 */
export async function present<R extends object>(
  ctx: OutputStreams,
  result: Result<R, Document>,
  view: View<R> | undefined,
): Promise<void> {
  if (ctx.jq && !(result.kind === 'raw' && result.jqApplied)) {
    await presentFiltered(ctx, result, view, ctx.jq);
    return;
  }
  const chalk = await ctx.chalk();
  if (result.kind === 'raw') return presentRaw(ctx, result.body, chalk, result.binary ?? false);
  if (result.kind === 'none') return;
  // Long output on a terminal goes through the pager; a long listing shows its progress.
  const listing =
    result.kind === 'list' || (result.kind === 'document' && result.document.type === 'findings');
  const session = openSession(ctx, true, listing);
  try {
    switch (result.kind) {
      case 'list': {
        const target = stdoutTarget(ctx, chalk, ctx.format, session.sink);
        const rows = session.count(result.rows);
        await exportRows(rows, result.view ?? view ?? { columns: [] }, target, result.footer);
        break;
      }
      case 'object': {
        if (result.onlyWhenAsked && ctx.globals.output === undefined) break;
        const target = stdoutTarget(ctx, chalk, ctx.format, session.sink);
        await exportObject(result.item, result.view ?? view, target);
        await target.out.flush();
        break;
      }
      case 'document': {
        if (result.onlyWhenAsked && ctx.globals.output === undefined) break;
        const { exportDocument } = await import('./run.js');
        const { document } = result;
        const counted =
          document.type === 'findings'
            ? { ...document, findings: session.count(document.findings) }
            : document;
        await exportDocument(ctx, counted, chalk, {
          files: result.files ?? [],
          afterError: result.error !== undefined,
          sink: session.sink,
        });
        break;
      }
    }
  } finally {
    await session.close();
  }
}

/**
 * Bytes or text as received (`secscan api`, `secscan sandbox`, a report's HTML): never paged, each chunk as it
 * arrives. A CI job log gets text bytes as text (through the guard of ci-log.ts); `binary` ones unchanged.
 */
async function presentRaw(
  ctx: OutputStreams,
  body: string | Uint8Array | AsyncIterable<string | Uint8Array>,
  chalk: ChalkInstance,
  binary: boolean,
): Promise<void> {
  const { out } = stdoutTarget(ctx, chalk, ctx.format);
  // As received when piped; on a terminal, without anything it would act on.
  const shown = ctx.stdoutIsTTY ? forTerminal : (text: string) => text;
  const asText = ctx.stdoutIsTTY || (!binary && readsCommands(ctx.io.stdout));
  if (typeof body === 'string') {
    const text = shown(body);
    await out.write(text.endsWith('\n') || text === '' ? text : `${text}\n`);
  } else if (body instanceof Uint8Array) {
    // Bytes reach a terminal only as sanitized text; a pipe or file gets them unchanged.
    if (asText) await out.write(shown(new TextDecoder().decode(body)));
    else await out.writeBytes(body);
  } else {
    // Each chunk reaches stdout when it arrives: a reader may be waiting for it (`secscan sandbox`).
    const decoder = new TextDecoder();
    let lineOpen = false;
    try {
      for await (const chunk of body) {
        if (typeof chunk === 'string' || asText) {
          const text = shown(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
          await out.write(text);
          if (text) lineOpen = !text.endsWith('\n');
        } else {
          await out.writeBytes(chunk);
          if (chunk.length) lineOpen = chunk[chunk.length - 1] !== 0x0a;
        }
        await out.flush();
      }
      // The end of a character cut between the last two chunks.
      const rest = decoder.decode();
      if (rest) await out.write(shown(rest));
    } catch (error) {
      // The body (an error answer of `secscan api`) is left as received; the error line starts a line of
      // its own where both streams end up together (a terminal, `2>&1`).
      if (lineOpen && sharedDestination(ctx.io.stdout, ctx.io.stderr)) ctx.io.stderr.write('\n');
      throw error;
    }
  }
  await out.flush();
}

/** Text kept in memory: what a result prints with -o json, for --jq. */
class TextSink extends Writable {
  readonly isTTY = false;
  private readonly chunks: Buffer[] = [];
  override _write(chunk: Buffer | string, _enc: BufferEncoding, done: () => void): void {
    this.chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
    done();
  }
  get text(): string {
    return Buffer.concat(this.chunks).toString('utf8');
  }
}

/**
 * `--jq`: the result exported as `-o json` exports it, into memory (the same context, its standard output
 * a sink), then through jq. A terminal gets jq's output without anything it would act on; a pipe gets it
 * unchanged.
 */
async function presentFiltered<R extends object>(
  ctx: OutputStreams,
  result: Result<R, Document>,
  view: View<R> | undefined,
  filter: JqFilter,
): Promise<void> {
  const sink = new TextSink();
  const inMemory = Object.create(ctx, {
    io: { value: { ...ctx.io, stdout: sink } },
    globals: { value: { ...ctx.globals, output: 'json' } },
    jq: { value: undefined },
  }) as OutputStreams;
  await present(inMemory, result, view);
  const out = new OutputWriter(ctx.io.stdout as NodeJS.WritableStream as Writable);
  const output = filter.run(sink.text, ctx.stdoutIsTTY, ctx.signal);
  // jq's output as it comes, each piece printed before the next is taken (a pipe closing stops it there); a
  // terminal gets whole lines, without anything it would act on.
  let partial = '';
  let notes: string;
  try {
    for (;;) {
      const next = await output.next();
      if (next.done) {
        notes = next.value;
        break;
      }
      if (!ctx.stdoutIsTTY) await out.write(next.value);
      else {
        const text = partial + next.value;
        const cut = text.lastIndexOf('\n') + 1;
        partial = text.slice(cut);
        await out.write(forTerminal(text.slice(0, cut)));
      }
      await out.flush();
    }
  } catch (error) {
    await out.write(forTerminal(partial));
    await out.flush();
    // A run that stopped part-way ends with its own error; jq's comes second.
    const stopped = (result.kind === 'list' || result.kind === 'document') && result.error;
    if (stopped && error instanceof UsageError) {
      ctx.warn(error.message);
      return;
    }
    throw error;
  } finally {
    await output.return('');
  }
  await out.write(forTerminal(partial));
  await out.flush();
  if (notes) ctx.io.stderr.write(`${sanitizeMultiline(notes).trimEnd()}\n`);
}

/**
 * Whether two streams write to the same file, pipe or terminal; streams without a descriptor (tests) are
 * taken as shared, as a terminal's are.
 */
function sharedDestination(a: object, b: object): boolean {
  const fdA = (a as { fd?: unknown }).fd;
  const fdB = (b as { fd?: unknown }).fd;
  if (typeof fdA !== 'number' || typeof fdB !== 'number') return true;
  try {
    const [x, y] = [fstatSync(fdA), fstatSync(fdB)];
    return x.dev === y.dev && x.ino === y.ino && x.rdev === y.rdev;
  } catch {
    return true;
  }
}
