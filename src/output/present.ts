import { fstatSync } from 'node:fs';
import { Writable } from 'node:stream';
import type { Result } from './result.js';
import type { Context } from '../context.js';
import type { JqFilter } from './jq.js';
import { renderList, renderObject } from './render.js';
import { forTerminal, sanitizeMultiline } from './sanitize.js';
import type { AnyView } from './view.js';
import { OutputWriter } from './writer.js';

const keyValueView: AnyView = { columns: [] };

/** Prints a verb's result with the renderer chosen by -o; with --jq, the JSON it prints through the filter. */
export async function present(ctx: Context, result: Result, view: AnyView | undefined): Promise<void> {
  const stdout = ctx.io.stdout as NodeJS.WritableStream as import('node:stream').Writable;
  if (ctx.jq && !(result.kind === 'raw' && result.jqApplied)) {
    await presentFiltered(ctx, result, view, ctx.jq);
    return;
  }
  await render(ctx, result, view, new OutputWriter(stdout), ctx.stdoutIsTTY);
}

/** Text kept in memory: what a result prints with -o json, for --jq. */
class TextSink extends Writable {
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
 * `--jq`: the result rendered as JSON (as `-o json` prints it) into memory, then through jq. A terminal
 * gets jq's output without anything it would act on; a pipe gets it unchanged.
 */
async function presentFiltered(
  ctx: Context,
  result: Result,
  view: AnyView | undefined,
  filter: JqFilter,
): Promise<void> {
  const sink = new TextSink();
  await render(ctx, result, view, new OutputWriter(sink), false, false);
  const output = filter.apply(sink.text, ctx.stdoutIsTTY);
  const out = new OutputWriter(ctx.io.stdout as NodeJS.WritableStream as import('node:stream').Writable);
  await out.write(ctx.stdoutIsTTY ? forTerminal(output.text) : output.text);
  await out.flush();
  if (output.notes) ctx.io.stderr.write(`${sanitizeMultiline(output.notes).trimEnd()}\n`);
  if (!output.error) return;
  // A run that stopped part-way ends with its own error; jq's comes second.
  if ((result.kind === 'list' || result.kind === 'custom') && result.error) ctx.warn(output.error.message);
  else throw output.error;
}

async function render(
  ctx: Context,
  result: Result,
  view: AnyView | undefined,
  out: OutputWriter,
  tty: boolean,
  /** Printing on stdout itself (not into memory for --jq). */
  direct = true,
): Promise<void> {
  const chalk = await ctx.chalk();
  const note = (message: string | readonly string[]) => ctx.note(message);
  const width = tty ? terminalWidth(ctx) : undefined;
  const options = { format: ctx.format, fields: ctx.fields, chalk, out, width, note };
  switch (result.kind) {
    case 'list': {
      const listView = result.view ?? view ?? keyValueView;
      const count = await renderList(result.rows, listView, options);
      // Said on a terminal only, whatever the format; a pipe gets no rows and nothing else (exit 0 either way).
      if (count === 0 && ctx.stdoutIsTTY && listView.emptyMessage) ctx.note(listView.emptyMessage);
      const footer = result.footer?.(count);
      if (footer && ctx.stdoutIsTTY) ctx.note(footer);
      break;
    }
    case 'object': {
      const itemView = result.view ?? view ?? objectView(result.item);
      await renderObject(result.item, itemView, options);
      break;
    }
    case 'raw': {
      // As received when piped; on a terminal, without anything it would act on.
      const shown = tty ? forTerminal : (text: string) => text;
      if (typeof result.body === 'string') {
        const body = shown(result.body);
        await out.write(body.endsWith('\n') || body === '' ? body : `${body}\n`);
      } else if (result.body instanceof Uint8Array) {
        // Bytes reach a terminal only as sanitized text; a pipe or file gets them unchanged.
        if (tty) await out.write(shown(new TextDecoder().decode(result.body)));
        else await out.writeBytes(result.body);
      } else {
        // Each chunk reaches stdout when it arrives: a reader may be waiting for it (`secscan sandbox`).
        const decoder = new TextDecoder();
        let lineOpen = false;
        try {
          for await (const chunk of result.body) {
            if (typeof chunk === 'string' || tty) {
              const text = shown(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
              await out.write(text);
              if (text) lineOpen = !text.endsWith('\n');
            } else {
              await out.writeBytes(chunk);
              if (chunk.length) lineOpen = chunk[chunk.length - 1] !== 0x0a;
            }
            await out.flush();
          }
        } catch (error) {
          // The body (an error answer of `secscan api`) is left as received; the error line starts a line of
          // its own where both streams end up together (a terminal, `2>&1`).
          if (direct && lineOpen && sharedDestination(ctx.io.stdout, ctx.io.stderr))
            ctx.io.stderr.write('\n');
          throw error;
        }
      }
      await out.flush();
      break;
    }
    case 'custom':
      await result.render(out, chalk);
      await out.flush();
      break;
    default:
      break;
  }
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

/** The width tables fit on a terminal (80 when it does not say). */
function terminalWidth(ctx: Context): number | undefined {
  const columns = ctx.io.stdout.columns;
  return columns && columns > 0 ? columns : 80;
}

/** A detail view from an object's own keys, for verbs that declare none. */
export function objectView(item: Record<string, unknown>): AnyView {
  return { columns: Object.keys(item).map((key) => ({ key, header: key })) };
}
