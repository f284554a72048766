import { bool, oneOf } from '../analysis/findings-query.js';
import { findingsOf, requireApp } from '../analysis/shape.js';
import { type HandlerContext, type HandlerMap, invalid, notFound, type Reply, text } from '../http.js';
import { reportHtml } from '../reports/html.js';
import { type ReportKind, reportModel } from '../reports/model.js';
import { reportPdf } from '../reports/pdf.js';
import { checkTimeZone } from '@secscan/api/time-zone';
import { type OwaspYear, owaspYears } from '@secscan/api/values';

const statuses = ['unset', 'fixed', 'ignored', '3rdparty', 'any'];

/** The report of a scan's findings, as HTML or PDF; like the finding lists, only `unset` ones unless asked. */
function report(ctx: HandlerContext, kind: ReportKind, ext: string): Reply {
  if (ext !== 'html' && ext !== 'pdf') return notFound(`no report format ${ext} (html or pdf)`);
  const app = requireApp(ctx.state, ctx.params.appID as string);
  const scan = ctx.state.analysis.scans.find((s) => s.app === app.id && s.id === ctx.params.scanID);
  if (!scan) return notFound(`app ${app.id} has no scan ${ctx.params.scanID}`);
  const tz = ctx.query.get('tz') || 'UTC';
  if (!checkTimeZone(tz).ok) {
    return invalid('invalid query parameter tz', [`tz: ${tz} is not an IANA time zone name`]);
  }
  const wanted = oneOf(ctx.query, 'status', statuses);
  const model = reportModel({
    kind,
    state: ctx.state,
    app,
    scan,
    findings: findingsOf(ctx.state, scan.finding_ids),
    statuses: wanted.length ? wanted : ['unset'],
    comments: bool(ctx.query, 'comments') ?? false,
    ignoreInfo: bool(ctx.query, 'ignore_info_findings') ?? false,
    tz,
  });
  return ext === 'pdf'
    ? text(reportPdf(model), 'application/pdf')
    : text(reportHtml(model), 'text/html; charset=utf-8');
}

export const reportHandlers = {
  ReadScanPCIDSSReport: (ctx) => report(ctx, 'pci', 'html'),
  ReadDetailedOWASPReport: (ctx) => {
    const year = ctx.params.year as OwaspYear;
    if (!owaspYears.includes(year)) return notFound(`no OWASP ${year} report (${owaspYears.join(' or ')})`);
    return report(ctx, `owasp-${year}`, ctx.params.ext);
  },
  ReadCWEReport: (ctx) => report(ctx, 'cwe', ctx.params.ext),
} satisfies HandlerMap;
