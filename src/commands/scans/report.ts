import { arg, defineVerb, text } from '../define.js';
import { scanId } from '../parsers.js';
import { listing } from '../../output/export/document.js';
import { answerDocument } from '../../output/export/texts.js';
import { type CheckReportRow, checkReportView } from '../../output/views/scans.js';

export default defineVerb({
  name: 'report',
  summary: 'Show the check results recorded for a scan',
  examples: ['secscan scans report --app payments-api 1042'],
  operations: ['ScansCheckReport'],
  args: [arg('scan-id', 'scan id (from `secscan scans list`)', { parser: scanId() })],
  options: {
    app: text('--app <id>', 'app id (required)', { required: true, complete: 'app' }),
  },
  document: answerDocument,
  view: checkReportView,
  async run(ctx, { args: [id], opts }) {
    const client = await ctx.client();
    const results = await client.call('ScansCheckReport', { path: { appID: opts.app, scanID: id } });
    const rows: CheckReportRow[] = results.flatMap((r, i) =>
      Object.entries(r.rules).map(([rule, s]) => ({
        check: i + 1,
        rule,
        matched: s.matched,
        reachable: s.reachable ?? 0,
        over: s.over_threshold,
        result: s.over_threshold > 0 ? 'FAIL' : 'PASS',
      })),
    );
    return {
      kind: 'document',
      document: { type: 'answer' as const, answer: { results }, listing: listing(rows, checkReportView) },
    };
  },
});
