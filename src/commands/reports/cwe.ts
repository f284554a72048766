import { checkDestination, deliver } from '../shared/documents.js';
import { defineVerb } from '../define.js';
import { detailOptions, detailQuery, formatOf, scanArgs } from './internal/options.js';

export default defineVerb({
  name: 'cwe',
  summary: 'The CWE report of a scan (HTML or PDF)',
  examples: [
    'secscan reports cwe --app shiftleft-java-demo 1004 --out cwe.html',
    'secscan reports cwe --app shiftleft-java-demo 1004 --format pdf --tz America/New_York --out cwe.pdf',
  ],
  operations: ['ReadCWEReport'],
  args: scanArgs,
  options: detailOptions,
  validate({ opts }) {
    formatOf(opts);
  },
  async run(ctx, { args: [scan], opts }) {
    const format = formatOf(opts);
    checkDestination(ctx, opts.out, format);
    return deliver(ctx, {
      what: `the CWE report of scan ${scan}`,
      kind: format,
      out: opts.out,
      id: 'ReadCWEReport',
      params: { path: { appID: opts.app, scanID: scan, ext: format }, query: detailQuery(opts) },
    });
  },
});
