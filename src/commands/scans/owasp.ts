import { arg, defineVerb, text } from '../define.js';
import { scanId } from '../parsers.js';
import { listing } from '../../output/export/document.js';
import { answerDocument } from '../../output/export/texts.js';
import { type OwaspRow, owaspView } from '../../output/views/scans.js';

export default defineVerb({
  name: 'owasp',
  summary: 'Count a scan’s findings by OWASP year and category',
  examples: ['secscan scans owasp --app payments-api 1042'],
  operations: ['ReadAppScanFindingsOWASPGrouped'],
  args: [arg('scan-id', 'scan id (from `secscan scans list`)', { parser: scanId() })],
  options: {
    app: text('--app <id>', 'app id (required)', { required: true, complete: 'app' }),
  },
  document: answerDocument,
  view: owaspView,
  async run(ctx, { args: [id], opts }) {
    const client = await ctx.client();
    const counts = await client.call('ReadAppScanFindingsOWASPGrouped', {
      path: { appID: opts.app, scanID: id },
    });
    const rows: OwaspRow[] = [];
    for (const [year, categories] of Object.entries(counts)) {
      for (const [owasp, byName] of Object.entries(categories).sort()) {
        for (const [category, count] of Object.entries(byName)) {
          if (count > 0) rows.push({ year, owasp_category: owasp, category, count });
        }
      }
    }
    return {
      kind: 'document',
      document: { type: 'answer' as const, answer: counts, listing: listing(rows, owaspView) },
    };
  },
});
