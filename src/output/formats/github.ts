import { open } from 'node:fs/promises';
import { sanitize } from '../../streams/sanitize.js';

/**
 * GitHub Actions: workflow commands (annotations) and the job summary. GitHub shows at most 10 error,
 * 10 warning and 10 notice annotations per step (50 per job): the most severe come first, and one notice
 * says how many more there were.
 */
export const annotationsPerStep = 10;
/** GitHub refuses a step summary over 1 MiB. */
export const summaryLimit = 1024 * 1024;

export interface Annotation {
  level: 'error' | 'warning' | 'notice';
  file?: string;
  line?: number;
  title?: string;
  message: string;
}

/** Workflow-command data: `%`, CR and LF escaped (after sanitizing: no escape or control reaches the log). */
function data(text: string): string {
  return sanitize(text).replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** A property value: as data, and `:` and `,`, which would end it. */
function property(text: string): string {
  return data(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** `::error file=PATH,line=N,title=RULE::MESSAGE` */
export function workflowCommand(a: Annotation): string {
  const props = [
    a.file ? `file=${property(a.file)}` : '',
    a.file && a.line ? `line=${a.line}` : '',
    a.title ? `title=${property(a.title)}` : '',
  ].filter(Boolean);
  return `::${a.level}${props.length ? ` ${props.join(',')}` : ''}::${data(a.message)}`;
}

/**
 * The lines to print: the first ten of each level (in the order given: most severe first), then a notice
 * for what GitHub would not show, saying where to read everything.
 */
export function annotationLines(annotations: readonly Annotation[], rest: string): string[] {
  const shown: Record<Annotation['level'], number> = { error: 0, warning: 0, notice: 0 };
  const lines: string[] = [];
  let left = 0;
  for (const a of annotations) {
    if (shown[a.level] < annotationsPerStep - (a.level === 'notice' ? 1 : 0)) {
      shown[a.level]++;
      lines.push(workflowCommand(a));
    } else left++;
  }
  if (left) {
    const more = `${left} more finding${left === 1 ? '' : 's'} not annotated (GitHub shows ${annotationsPerStep} per step): ${rest}`;
    lines.push(workflowCommand({ level: 'notice', title: 'secscan', message: more }));
  }
  return lines;
}

/** Appends the summary in one write, so two steps writing at once do not interleave their lines. */
export async function appendStepSummary(path: string, text: string): Promise<void> {
  const handle = await open(path, 'a');
  try {
    // A blank line parts it from what earlier steps wrote; an empty summary starts with the report itself.
    const before = (await handle.stat()).size > 0 ? '\n' : '';
    const bytes = Buffer.from(`${before}${text}${text.endsWith('\n') ? '' : '\n'}`);
    let offset = 0;
    while (offset < bytes.length) {
      const { bytesWritten } = await handle.write(bytes, offset);
      offset += bytesWritten;
    }
  } finally {
    await handle.close();
  }
}

/** The step summary GitHub keeps: the full text when it fits in 1 MiB, else the short one. */
export function fitSummary(full: string, short: () => string): string {
  return Buffer.byteLength(full) <= summaryLimit ? full : short();
}
