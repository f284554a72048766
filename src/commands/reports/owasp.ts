import { owaspYears } from '@secscan/api/values';
import { checkDestination, deliver } from '../shared/documents.js';
import { choice, defineVerb } from '../define.js';
import { detailOptions, detailQuery, formatOf, scanArgs } from './internal/options.js';

export default defineVerb({
  name: 'owasp',
  summary: 'The detailed OWASP Top 10 report of a scan (HTML or PDF)',
  examples: [
    'secscan reports owasp --app shiftleft-java-demo 1004 --year 2021 --out owasp-2021.html',
    'secscan reports owasp --app shiftleft-java-demo 1004 --year 2017 --status any --comments --tz Europe/Berlin --out owasp.pdf',
    'secscan reports owasp --app shiftleft-java-demo 1004 --year 2021 --format pdf | lpr',
  ],
  operations: ['ReadDetailedOWASPReport'],
  args: scanArgs,
  options: {
    year: choice('--year <year>', 'the OWASP Top 10 edition', owaspYears, {
      required: owaspYears.join(' or '),
    }),
    ...detailOptions,
  },
  validate({ opts }) {
    formatOf(opts);
  },
  async run(ctx, { args: [scan], opts }) {
    const format = formatOf(opts);
    checkDestination(ctx, opts.out, format);
    return deliver(ctx, {
      what: `the OWASP ${opts.year} report of scan ${scan}`,
      kind: format,
      out: opts.out,
      id: 'ReadDetailedOWASPReport',
      params: {
        path: { appID: opts.app, scanID: scan, year: opts.year, ext: format },
        query: detailQuery(opts),
      },
    });
  },
});
