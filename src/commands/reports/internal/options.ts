import { findingStatuses } from '@secscan/api/values';
import { UsageError } from '../../../errors.js';
import { arg, choice, flag, parsed, text } from '../../define.js';
import { appId, scanId, timeZone } from '../../parsers.js';

/** What every report verb takes: the app, the scan and where the report goes. */
export const scanArgs = [arg('scan-id', 'the scan to report on', { parser: scanId() })] as const;

export const baseOptions = {
  app: parsed('--app <id>', 'the app the scan belongs to', appId(), { required: true, complete: 'app' }),
  out: text(
    '--out <file>',
    'write the report to FILE (default, or `-`: standard output, when not a terminal)',
    {
      complete: 'file',
    },
  ),
};

/** The options of the OWASP and CWE reports. */
export const detailOptions = {
  ...baseOptions,
  format: choice('--format <format>', 'html or pdf (default: pdf when --out ends in .pdf, else html)', [
    'html',
    'pdf',
  ]),
  comments: flag('--comments', 'include the comments on each finding'),
  status: choice('--status <status>', 'findings of this status (default: unset, the open ones)', [
    ...findingStatuses,
    'any',
  ]),
  tz: parsed(
    '--tz <zone>',
    'IANA time zone of the times in the report (default UTC), e.g. Europe/Berlin',
    timeZone(),
  ),
};

/** The format asked for, or the one --out's extension names. */
export function formatOf(opts: {
  format?: 'html' | 'pdf' | undefined;
  out?: string | undefined;
}): 'html' | 'pdf' {
  if (opts.format) {
    const ext = /\.(html?|pdf)$/i.exec(opts.out ?? '')?.[1]?.toLowerCase();
    if (ext && (ext === 'pdf') !== (opts.format === 'pdf')) {
      throw new UsageError(`--format ${opts.format} and --out ${opts.out} disagree`);
    }
    return opts.format;
  }
  return /\.pdf$/i.test(opts.out ?? '') ? 'pdf' : 'html';
}

export function detailQuery(opts: {
  comments?: boolean | undefined;
  status?: string | undefined;
  tz?: string | undefined;
}): Record<string, string | boolean | undefined> {
  return { comments: opts.comments ? true : undefined, status: opts.status, tz: opts.tz };
}
