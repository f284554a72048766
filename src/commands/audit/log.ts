import { ApiError, UsageError } from '../../errors.js';
import { csvView } from '../../output/views/audit.js';
import { checkDestination, deliver, documentCheck, outFile } from '../shared/documents.js';
import { defineVerb, parsed, text } from '../define.js';
import { int } from '../parsers.js';

/**
 * The service answers a disabled audit log with an error status (403 in the sandbox; the service's own is
 * not documented): say what that means instead of the bare status.
 */
function featureOff(error: unknown): unknown {
  if (!(error instanceof ApiError) || (error.status !== 403 && error.status !== 404)) return error;
  const Same = error.constructor as new (...args: ConstructorParameters<typeof ApiError>) => ApiError;
  const said = error.body?.message ? `: ${error.body.message}` : '';
  return new Same(
    `the audit log is not available: the service keeps it off until the vendor enables it (HTTP ${error.status}${error.body?.code ? ` ${error.body.code}` : ''}${said})`,
    error.exitCode,
    error.status ?? 0,
    error.body,
    'ask the vendor’s customer success team to enable the audit log for this organization; once it is on, ' +
      'the token’s role also needs the scope org_audit_trail:read (see `secscan scopes list`)',
  );
}

export default defineVerb({
  name: 'log',
  summary: 'The audit log of a month, or of one day of it, as CSV',
  description:
    'Print the organization’s audit log of a month, or of one day of it, as CSV.\n\n' +
    'Without --out, the CSV goes to standard output as received when that is a pipe or a file, and ' +
    'shows as a table on a terminal (-o FORMAT reads it into rows in that format). The ' +
    'service keeps this feature off until the vendor enables it for the organization.',
  examples: [
    'secscan audit log --year 2026 --month 8 --out audit-2026-08.csv',
    'secscan audit log --year 2026 --month 8 --day 14',
    'secscan audit log --year 2026 --month 8 -o json | jq ".[] | select(.method == \\"DELETE\\")"',
  ],
  operations: ['DownloadAuditLog', 'DownloadDailyAuditLog'],
  pipedAsReceived: true,
  options: {
    year: parsed('--year <year>', 'the year', int(2000, 2999), { required: true }),
    month: parsed('--month <month>', 'the month, 1 to 12', int(1, 12), { required: true }),
    day: parsed('--day <day>', 'only this day of the month', int(1, 31)),
    out: text('--out <file>', 'write the CSV to FILE (`-`: standard output)', { complete: 'file' }),
  },
  validate({ opts }) {
    const { year, month, day } = opts;
    if (day !== undefined && new Date(Date.UTC(year, month - 1, day)).getUTCMonth() !== month - 1) {
      throw new UsageError(
        `invalid value for --day: ${year}-${String(month).padStart(2, '0')} has no day ${day}`,
      );
    }
  },
  async run(ctx, { opts, received }) {
    const { year, month, day } = opts;
    const out = outFile(opts.out);
    const period = `${year}-${String(month).padStart(2, '0')}${day === undefined ? '' : `-${String(day).padStart(2, '0')}`}`;
    const what = `the audit log of ${period}`;
    const ym = { auditYear: year, auditMonth: month };
    checkDestination(ctx, out, 'csv');
    try {
      // As received: to a file, or down a pipe unless -o asks for rows.
      if (out !== undefined || received) {
        return await (day === undefined
          ? deliver(ctx, { what, kind: 'csv', out, id: 'DownloadAuditLog', params: { path: ym } })
          : deliver(ctx, {
              what,
              kind: 'csv',
              out,
              id: 'DownloadDailyAuditLog',
              params: { path: { ...ym, auditDay: day } },
            }));
      }
      const client = await ctx.client();
      const csv = await ctx.spin(`Reading ${what}`, () =>
        day === undefined
          ? client.call('DownloadAuditLog', { path: ym })
          : client.call('DownloadDailyAuditLog', { path: { ...ym, auditDay: day } }),
      );
      const body = typeof csv === 'string' ? csv : JSON.stringify(csv);
      documentCheck(what, 'csv')(Buffer.from(body.slice(0, 64)), {});
      const { csvRecords } = await import('../../util/csv.js');
      const { header, records } = csvRecords(body);
      return { kind: 'list', rows: records, view: csvView(header) };
    } catch (error) {
      throw featureOff(error);
    }
  },
});
