import { UsageError } from '../../errors.js';
import { scanView } from '../../output/views/scans.js';
import { defineVerb, text } from '../define.js';
import { selectorOf, selectorOptions } from './internal/selector.js';

/** Without --wait, `scans wait` waits this long. */
const defaultWaitSeconds = 30 * 60;

export default defineVerb({
  name: 'wait',
  summary: 'Wait until a scan of an app or compound exists and has completed (exit 0, 10 or 11)',
  description:
    'Wait for the scan under test of an app (--app) or a compound (--compound): the one --scan, --version ' +
    '(the scan of a commit: its SHA, or the --version-id given to the analyser) or --tag names, the newest ' +
    'when several match. It polls with backoff until that scan exists and has ended, then prints it (exit ' +
    '0); exit 11 when its analysis failed, 10 when it is not there or still running after --wait (default ' +
    '30m), 8 when it shows a status other than completed, running or failed.\n\nNo sleep passes the wait, a ' +
    'request’s retries included: a Retry-After beyond it ends the wait (exit 7). The same wait as `scans check --wait`, for a pipeline that runs other steps in between. On a ' +
    'terminal a live line shows the wait; in a CI log, one line a minute.',
  examples: [
    'secscan scans wait --compound shop --version "$GITHUB_SHA" --wait 20m',
    'secscan scans wait --app payments-api --tag pipeline="$CI_PIPELINE_ID" -o json',
  ],
  operations: ['ListScansInCompound', 'ReadCompoundScan', 'ListScans', 'ReadScan'],
  options: {
    app: text('--app <id>', 'the app whose scan to wait for (not with --compound)', {
      conflicts: ['compound'],
      complete: 'app',
    }),
    compound: text(
      '--compound <name>',
      'the compound whose scan to wait for (a compound scan id for --scan)',
      {
        complete: 'compound',
      },
    ),
    ...selectorOptions([], 'wait up to DURATION, e.g. 20m or 1h (default 30m; at most 24h)'),
  },
  view: scanView,
  validate({ opts }) {
    if (opts.app === undefined && opts.compound === undefined) {
      throw new UsageError('give --app ID or --compound NAME (whose scan to wait for)');
    }
    const selector = selectorOf(opts);
    if (!selector) {
      throw new UsageError('give the scan to wait for: --scan ID, --version V or --tag KEY=VALUE');
    }
    return selector;
  },
  async run(ctx, { opts, plan: selector }) {
    const { scanUnderTest } = await import('../../gate/under-test.js');
    const subject =
      opts.app !== undefined
        ? { name: opts.app, kind: 'app' as const }
        : { name: opts.compound as string, kind: 'compound' as const };
    const { scan } = await scanUnderTest(ctx, subject, selector, opts.wait ?? defaultWaitSeconds);
    return { kind: 'object', item: scan.item };
  },
});
