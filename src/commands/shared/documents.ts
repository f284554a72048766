import { statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { ParamsOf } from '../../api/client.js';
import type { Operation } from '@secscan/api/operation';
import type { OperationId } from '@secscan/api/operations';
import type { Context } from '../../context.js';
import { UnexpectedResponseError, UsageError } from '../../errors.js';
import type { Result } from '../../output/core/result.js';

/** Reports and the audit log: a document the service renders, saved as received. */
export type DocumentKind = 'html' | 'pdf' | 'csv';

type Headers = Record<string, string | string[] | undefined>;

const labels: Record<DocumentKind, string> = { html: 'HTML', pdf: 'a PDF', csv: 'CSV' };
const expected: Record<DocumentKind, string> = { html: 'an HTML document', pdf: 'a PDF', csv: 'CSV' };
const accepts: Record<DocumentKind, string | undefined> = {
  html: 'text/html',
  pdf: 'application/pdf',
  csv: undefined,
};

/** `--out -` is standard output, as without `--out`. */
export function outFile(out: string | undefined): string | undefined {
  return out === '-' ? undefined : out;
}

/**
 * Before any request: `--out` must be in an existing directory, and without it HTML or a PDF is never
 * dumped on a terminal (it streams to standard output only when that is a pipe or a file).
 */
export function checkDestination(ctx: Context, given: string | undefined, kind: DocumentKind): void {
  const out = outFile(given);
  if (out !== undefined) {
    if (statSync(out, { throwIfNoEntry: false })?.isDirectory()) {
      throw new UsageError(`invalid value for --out: ${out} is a directory`);
    }
    if (!statSync(dirname(resolve(out)), { throwIfNoEntry: false })?.isDirectory()) {
      throw new UsageError(`invalid value for --out: the directory of ${out} does not exist`);
    }
    return;
  }
  if (ctx.stdoutIsTTY && kind !== 'csv') {
    throw new UsageError(`not printing ${labels[kind]} on a terminal: pass --out FILE, or pipe the output`);
  }
}

function header(headers: Headers, name: string): string {
  const value = headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

/** What the service sent, for an error: its content type and the first characters, made safe. */
function described(first: Buffer, headers: Headers): string {
  const type = header(headers, 'content-type') || 'no content type';
  const text = first
    .subarray(0, 40)
    .toString('latin1')
    .replace(/[^\x20-\x7e]/g, '.');
  return first.length ? `${type}, beginning "${text}"` : `${type} and an empty body`;
}

/** Refuses an answer that is not the document asked for (an empty body, a JSON envelope, HTML for a PDF). */
export function documentCheck(what: string, kind: DocumentKind): (first: Buffer, headers: Headers) => void {
  return (first, headers) => {
    const start = first.subarray(0, 64).toString('latin1').trimStart();
    const type = header(headers, 'content-type').toLowerCase();
    const ok =
      kind === 'pdf'
        ? start.startsWith('%PDF-')
        : kind === 'html'
          ? first.length > 0 && !type.includes('json') && (type.includes('html') || start.startsWith('<'))
          : !type.includes('json') &&
            !/^[{[]/.test(start) &&
            !type.includes('html') &&
            !/^<(!doctype|html|head|body)\b/i.test(start);
    if (!ok) {
      throw new UnexpectedResponseError(
        `${what}: the service answered with ${described(first, headers)} where ${expected[kind]} was expected`,
      );
    }
  };
}

export interface DocumentRequest<K extends OperationId> {
  /** For messages: "the OWASP 2021 report of scan 1004". */
  what: string;
  kind: DocumentKind;
  out: string | undefined;
  id: K;
  params: ParamsOf<K>;
}

/**
 * Saves the document to `--out` (a temporary file beside it, fsynced and renamed: never half a file under
 * that name) or returns its bytes for standard output.
 */
export async function deliver<K extends OperationId>(
  ctx: Context,
  request: DocumentRequest<K>,
): Promise<Result> {
  const { what, kind, id, params } = request;
  const out = outFile(request.out);
  const client = await ctx.client();
  const check = documentCheck(what, kind);
  const accept = accepts[kind];
  if (out === undefined) {
    const { operations } = await import('@secscan/api/operations');
    const op = operations[id] as Operation;
    const res = await ctx.spin(`Reading ${what}`, () =>
      client.send(op.method, client.pathFor(op, params as Parameters<typeof client.pathFor>[1]), {
        context: id,
        accept: accept ?? op.media,
      }),
    );
    check(res.body, res.headers);
    return { kind: 'raw', body: res.body, binary: kind === 'pdf' };
  }
  const { transfer } = await import('../../api/transfer.js');
  const result = await ctx.spin(`Downloading ${what}`, () =>
    transfer((headers) => client.open(id, params, { headers, ...(accept ? { accept } : {}) }), {
      dest: resolve(out),
      resume: false,
      attempts: ctx.retries + 1,
      maxRetryWaitMs: ctx.maxRetryWaitMs,
      context: id,
      signal: ctx.signal,
      check,
    }),
  );
  const { wroteNotice } = await import('../../output/core/wrote.js');
  ctx.note(wroteNotice(out, result.bytes));
  return { kind: 'none' };
}
