import type { Context } from '../context.js';
import { exportObject, exportRows, stdoutTarget } from './export/target.js';
import type { Result } from './result.js';
import { forTerminal } from './sanitize.js';
import type { View } from './view.js';

/** Prints a verb's result with the exporter chosen by -o (and writes the files the result names). */
export async function present<R extends object>(
  ctx: Context,
  result: Result<R>,
  view: View<R> | undefined,
): Promise<void> {
  const chalk = await ctx.chalk();
  switch (result.kind) {
    case 'list': {
      const target = stdoutTarget(ctx, chalk, ctx.format);
      await exportRows(result.rows, result.view ?? view ?? { columns: [] }, target, result.footer);
      break;
    }
    case 'object': {
      if (result.onlyWhenAsked && ctx.globals.output === undefined) break;
      const target = stdoutTarget(ctx, chalk, ctx.format);
      await exportObject(result.item, result.view ?? view, target);
      await target.out.flush();
      break;
    }
    case 'raw': {
      const { out } = stdoutTarget(ctx, chalk, ctx.format);
      // As received when piped; on a terminal, without anything it would act on.
      const shown = ctx.stdoutIsTTY ? forTerminal : (text: string) => text;
      if (typeof result.body === 'string') {
        const body = shown(result.body);
        await out.write(body.endsWith('\n') || body === '' ? body : `${body}\n`);
      } else if (result.body instanceof Uint8Array) {
        // Bytes reach a terminal only as sanitized text; a pipe or file gets them unchanged.
        if (ctx.stdoutIsTTY) await out.write(shown(new TextDecoder().decode(result.body)));
        else await out.writeBytes(result.body);
      } else {
        // Each chunk reaches stdout when it arrives: a reader may be waiting for it (`secscan sandbox`).
        const decoder = new TextDecoder();
        for await (const chunk of result.body) {
          if (typeof chunk === 'string') await out.write(shown(chunk));
          else if (ctx.stdoutIsTTY) await out.write(shown(decoder.decode(chunk, { stream: true })));
          else await out.writeBytes(chunk);
          await out.flush();
        }
      }
      await out.flush();
      break;
    }
    case 'document': {
      const { exportDocument } = await import('./export/run.js');
      await exportDocument(ctx, result.document, chalk, {
        files: result.files ?? [],
        afterError: result.error !== undefined,
      });
      break;
    }
    default:
      break;
  }
}
