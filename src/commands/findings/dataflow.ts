import { dataflowView } from '../../output/views/fixes.js';
import { arg, defineVerb, parsed } from '../define.js';
import { scanId } from '../parsers.js';
import { findingId } from '../shared/finding-ids.js';
import { appOption } from './internal/selection.js';

export default defineVerb({
  name: 'dataflow',
  summary: "Show a finding's dataflow: where the data enters, each step, the sink",
  description:
    "Show the dataflow of a finding (of --app) in a scan: each step's file, line, symbol and role, from the " +
    'source, where the data enters, to the sink it reaches. The scan is --scan, else the newest successful ' +
    'scan of the app’s default branch (or of any branch when it has none); a finding that scan does not hold ' +
    'is exit 5 (name the scan it is in with --scan).',
  examples: [
    'secscan findings dataflow --app shiftleft-java-demo 9',
    'secscan findings dataflow --app shiftleft-java-demo --scan 1004 9 -o json',
  ],
  operations: ['ReadFindingDataflow', 'ListScans'],
  args: [arg('finding-id', 'the finding id', { parser: findingId })],
  options: {
    app: appOption,
    scan: parsed('--scan <id>', 'the scan (default: the newest successful one of the app)', scanId()),
  },
  view: dataflowView,
  async run(ctx, { args: [id], opts }) {
    const client = await ctx.client();
    const { readDataflow } = await import('../../fixes/dataflow.js');
    const { steps } = await ctx.spin('Reading the dataflow', () =>
      readDataflow(client, { app: opts.app, findingId: id, scanId: opts.scan }),
    );
    return { kind: 'list', rows: steps.map((s, i) => ({ step: i + 1, ...s })) };
  },
});
