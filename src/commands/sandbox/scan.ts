import {
  controlTagPattern,
  controlVersionPattern,
  maxRunningMs,
  type ScanControlBody,
} from '@secscan/api/sandbox-control';
import { allFindingTypes } from '@secscan/api/values';
import { UnexpectedResponseError, UsageError } from '../../errors.js';
import { recordedScanView } from '../../output/views/sandbox.js';
import { defineVerb, flag, list, parsed, text } from '../define.js';
import { duration, int, pattern, when } from '../parsers.js';
import { checkWith, shellArg } from '../../util/hints.js';

const severities = 'critical|high|medium|low';
const types = allFindingTypes.join('|');
const newFindings = new RegExp(`^(${severities})(?::(${types}))?=(\\d{1,4})$`);

type NewSpec = NonNullable<ScanControlBody['new']>[number];

function newSpec(value: string): NewSpec {
  const [, severity, type, count] = newFindings.exec(value) ?? [];
  const n = Number(count);
  if (n < 1 || n > 1000)
    throw new UsageError(`invalid value for --new: ${JSON.stringify(value)} (N from 1 to 1000)`);
  return {
    severity: severity as NewSpec['severity'],
    ...(type ? { type: type as NewSpec['type'] } : {}),
    count: n,
  };
}

export default defineVerb({
  name: 'scan',
  summary: 'Record a scan on a running sandbox: new, fixed and regressed findings; running or failed',
  description:
    'Record a scan of an app (--app) or a compound scan (--compound, one scan per app) on a running ' +
    'sandbox, on --branch (default: the default branch). It starts from the branch’s last scan (a new branch ' +
    'from the default branch’s), drops the newest --fix findings, brings back --reappear findings of earlier ' +
    'scans, and adds --new findings: SEVERITY[:TYPE]=N (type vuln unless given). The next `scans check` of ' +
    'that branch sees them, so a pipeline can be made to fail or pass.\n\n--version sets the scan’s version (a ' +
    'commit SHA: what `scans check --version` looks for) and --tag adds scan tags. With --running DURATION ' +
    'the scan is listed as running and completes after DURATION, its findings recorded then; --fail records ' +
    'a failed analysis (after --running, if given). Webhooks registered for scan.finished receive the event ' +
    'when the scan ends. It uses the connection settings of other commands (SECSCAN_BASE_URL, SECSCAN_TOKEN: ' +
    'the Super Admin token the sandbox printed) and the sandbox’s own route, not the service’s API.',
  examples: [
    'secscan sandbox scan --app shiftleft-java-demo --new critical=1',
    'secscan sandbox scan --compound shop --branch feature/checkout --new high:oss_vuln=2 --new medium:secret=1',
    'secscan sandbox scan --app shiftleft-java-demo --fix 2 --reappear 1 -o json',
    'secscan sandbox scan --compound shop --version "$(git rev-parse HEAD)" --running 20s --new critical=1',
    'secscan sandbox scan --compound shop --version 4f2a9c1 --fail',
    'secscan sandbox scan --app payments-api --at 2026-10-05T09:00:00Z --new critical=2',
  ],
  operations: [],
  options: {
    app: text('--app <id>', 'the app scanned', {
      conflicts: ['compound'],
      complete: 'app',
    }),
    compound: text('--compound <name>', 'the compound scanned: one scan per app', { complete: 'compound' }),
    branch: text('--branch <branch>', 'the branch scanned (default: the default branch)'),
    new: list(
      '--new <severity[:type]=n>',
      'add N new findings, e.g. critical=1 or high:secret=2 (repeatable)',
      {
        parser: pattern(newFindings, 'expected SEVERITY[:TYPE]=N, e.g. critical=1 or high:oss_vuln=2'),
      },
    ),
    fix: parsed('--fix <n>', 'N findings of the last scan are gone (fixed)', int(0, 1000)),
    reappear: parsed('--reappear <n>', 'N findings of earlier scans come back (regressions)', int(0, 1000)),
    version: parsed(
      '--version <version>',
      'the scan’s version: a commit SHA or build id (default: random)',
      pattern(controlVersionPattern, 'printable characters without spaces, 1 to 128'),
    ),
    tag: list('--tag <key=value>', 'a scan tag besides branch and commit, e.g. pipeline=1234 (repeatable)', {
      parser: pattern(controlTagPattern, 'expected KEY=VALUE, e.g. pipeline=1234'),
    }),
    running: parsed(
      '--running <duration>',
      'the scan runs this long (e.g. 20s, 2m; at most 1d) before it completes',
      duration(),
    ),
    fail: flag('--fail', 'the analysis fails: no findings (after --running, if given)', {
      conflicts: ['new', 'fix', 'reappear'],
    }),
    at: parsed(
      '--at <date>',
      'when the scan ran, started and completed (default now): a date or time such as 2026-06-01T09:00:00Z, or an age such as 30d; after the branch’s last scan, so a history can be recorded at known dates',
      when(),
      { conflicts: ['running'] },
    ),
  },
  view: recordedScanView,
  validate({ opts }) {
    if (opts.app === undefined && opts.compound === undefined) {
      throw new UsageError('give --app ID or --compound NAME (the app or compound scanned)');
    }
    if (opts.running !== undefined && opts.running * 1000 > maxRunningMs) {
      throw new UsageError(`invalid value for --running: at most a day (1d)`);
    }
    for (const tag of opts.tag ?? []) {
      const key = tag.split('=')[0];
      if (key === 'branch' || key === 'commit') {
        throw new UsageError(
          `--tag ${key}=...: the ${key} tag comes from ${key === 'branch' ? '--branch' : '--version'}`,
        );
      }
    }
    return (opts.new ?? []).map(newSpec);
  },
  async run(ctx, { opts, plan: added }) {
    const { controlScanPath, ScanControlResult } = await import('@secscan/api/sandbox-control');
    const body: ScanControlBody = {
      ...(opts.app !== undefined ? { app: opts.app } : { compound: opts.compound }),
      ...(opts.branch !== undefined ? { branch: opts.branch } : {}),
      ...(added.length ? { new: added } : {}),
      ...(opts.fix !== undefined ? { fix: opts.fix } : {}),
      ...(opts.reappear !== undefined ? { reappear: opts.reappear } : {}),
      ...(opts.version !== undefined ? { version: opts.version } : {}),
      ...(opts.tag?.length ? { tags: opts.tag } : {}),
      ...(opts.running !== undefined ? { running_ms: opts.running * 1000 } : {}),
      ...(opts.fail ? { fail: true } : {}),
      ...(opts.at !== undefined ? { at: new Date(opts.at * 1000).toISOString() } : {}),
    };
    const client = await ctx.client({ requireOrg: false });
    const path = `${client.apiPrefix.replace(/\/api\/v4$/, '')}${controlScanPath}`;
    const verify = checkWith(
      opts.app !== undefined
        ? `secscan scans list --app ${shellArg(opts.app)}`
        : `secscan compounds scans ${shellArg(opts.compound ?? '')}`,
      'before recording another',
    );
    const res = await ctx.spin('Recording a scan on the sandbox', () =>
      client.send('POST', path, {
        body: JSON.stringify(body),
        contentType: 'application/json',
        context: 'sandbox scan',
        verify,
      }),
    );
    let parsedBody: unknown;
    try {
      parsedBody = JSON.parse(res.body.toString('utf8'));
    } catch {
      throw new UnexpectedResponseError(
        'sandbox scan: the answer is not JSON (is SECSCAN_BASE_URL a sandbox?)',
      );
    }
    const checked = ScanControlResult.safeParse((parsedBody as { response?: unknown } | null)?.response);
    if (!checked.success) {
      throw new UnexpectedResponseError(
        'sandbox scan: the answer is not a recorded scan (is SECSCAN_BASE_URL a sandbox?)',
      );
    }
    return { kind: 'object', item: checked.data };
  },
});
