import type { ChalkInstance } from 'chalk';
import { plainChalk } from '../../streams/streams.js';
import type { OutputStreams } from '../core/format.js';
import { writeWorkflowCommands } from '../../streams/ci-log.js';
import type { DocumentOf, DocumentType } from './document.js';
import type { ReportFile } from '../core/result.js';
import type { FileSink } from './files.js';
import { specOf } from './registry.js';
import type { StdoutSink } from '../core/session.js';
import { type SpecOf, writerOf } from './spec.js';
import { type ExportTarget, type GithubReport, stdoutTarget } from './target.js';

/** A file's target: the data alone, no colour, no width, warnings naming the file. */
function fileTarget(ctx: OutputStreams, file: ReportFile, sink: FileSink): ExportTarget {
  return {
    out: sink.out,
    format: file.format,
    fields: ctx.fields,
    chalk: plainChalk,
    width: undefined,
    terminal: false,
    file: file.path,
    note: () => undefined,
    warn: (message) => ctx.warn(typeof message === 'string' ? `${file.path}: ${message}` : message),
    toolVersion: ctx.version,
  };
}

/** `GITHUB_ACTIONS=true`: what a gate shows GitHub, annotations on stderr and the summary appended. */
async function publish(ctx: OutputStreams, report: GithubReport | undefined): Promise<void> {
  if (!report) return;
  // Loaded only here (and files.js only for --out): a gate's plain run loads no fs/promises.
  const { annotationLines, appendStepSummary } = await import('../formats/github.js');
  const lines = annotationLines(report.annotations, report.rest);
  // Our own commands, their data escaped as the runner unescapes it: past the guard, as they are.
  if (lines.length) writeWorkflowCommands(ctx.io.stderr, `${lines.join('\n')}\n`);
  const path = ctx.env.GITHUB_STEP_SUMMARY;
  if (!path) return;
  try {
    await appendStepSummary(path, report.summary);
  } catch (error) {
    ctx.warn(`cannot append to $GITHUB_STEP_SUMMARY (${path}): ${(error as Error).message}`);
  }
}

interface Options {
  files: readonly ReportFile[];
  /** The run already failed (a gate not evaluated): a file that cannot be written is a warning. */
  afterError: boolean;
  /** Where standard output's data goes (a pager), when not standard output itself. */
  sink?: StdoutSink;
}

/**
 * Exports a document to standard output in the -o format and to every file in its own format, reading it
 * once (a listing is streamed to all of them at the same time). Files are complete under their names or not
 * there at all. A file that cannot be written fails the run; a document that has a "failed" form (a gate)
 * then writes that form to its files, so none of them shows a verdict the exit code denies.
 */
export async function exportDocument<K extends DocumentType>(
  ctx: OutputStreams,
  doc: DocumentOf<K> & { type: K },
  chalk: ChalkInstance,
  options: Options,
): Promise<void> {
  const spec = await specOf(doc.type);
  if (ctx.env.GITHUB_ACTIONS === 'true' && spec.github) await publish(ctx, await spec.github(doc));
  const stdout = stdoutTarget(ctx, chalk, ctx.format, options.sink);
  const copies = spec.fork ? spec.fork(doc, options.files.length + 1) : undefined;
  const copy = (i: number) => copies?.[i] ?? doc;
  const problems: unknown[] = [];
  const fileJobs = options.files.map(async (file, i) => {
    let sink: FileSink | undefined;
    try {
      const { openReportFile } = await import('./files.js');
      sink = await openReportFile(file);
      await exportTo(spec, copy(i + 1), fileTarget(ctx, file, sink));
      await sink.commit();
      ctx.debug(`wrote ${file.flag} ${file.path}`);
    } catch (error) {
      await sink?.abort();
      // The stream stops for this file only: the others go on.
      if (options.afterError) ctx.warn((error as Error).message);
      else problems.push(error);
    }
  });
  const stdoutJob = exportTo(spec, copy(0), stdout);
  const [printed] = await Promise.allSettled([stdoutJob, ...fileJobs]);
  if (problems.length) {
    const [first] = problems;
    const fallback = spec.failed?.(doc, first);
    if (fallback) await exportAfterError(ctx, fallback, options.files);
    throw first;
  }
  if (printed.status === 'rejected') throw printed.reason;
}

/**
 * One document in the target's format: the document's own writer, its whole, its rows or its report. The
 * format was checked against the document's before the run (-o, --out), so one it lacks is a defect.
 */
async function exportTo<D>(spec: SpecOf<D>, doc: D, target: ExportTarget): Promise<void> {
  const writer = writerOf(spec, target.format);
  if (!writer) throw new Error(`${spec.what} has no format ${target.format}`);
  await writer.write(doc, target);
  await target.out.flush();
  if (!writer.own && spec.notes) target.note(spec.notes(doc));
}

/** The failed form of a document, to its files only (standard output already has what it has). */
async function exportAfterError<K extends DocumentType>(
  ctx: OutputStreams,
  doc: DocumentOf<K> & { type: K },
  files: readonly ReportFile[],
): Promise<void> {
  const spec = await specOf(doc.type);
  const { openReportFile } = await import('./files.js');
  for (const file of files) {
    let sink: FileSink | undefined;
    try {
      sink = await openReportFile(file);
      await exportTo(spec, doc, fileTarget(ctx, file, sink));
      await sink.commit();
    } catch (error) {
      await sink?.abort();
      ctx.warn((error as Error).message);
    }
  }
}
