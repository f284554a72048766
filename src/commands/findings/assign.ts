import { ExitCode, UsageError } from '../../errors.js';
import { changeView } from '../../output/views/findings.js';
import { defineVerb, flag, parsed, variadicArg } from '../define.js';
import { email } from '../parsers.js';
import {
  appOption,
  applyGroups,
  batchSize,
  changeResult,
  chunks,
  collectIds,
  findingId,
  idsFromOption,
  readFindings,
  requireIds,
} from './internal/ids.js';

export default defineVerb({
  name: 'assign',
  summary: 'Assign findings to someone, or unassign them',
  examples: [
    'secscan findings assign --app shiftleft-java-demo --to dev@example.com 12 13',
    'secscan findings assign --app shiftleft-java-demo --none 12',
  ],
  operations: ['ReadAppFinding', 'SetAppFindingAssignee', 'SetAppMultipleFindingsAssignee'],
  args: [variadicArg('finding-id', 'finding ids', { required: false, parser: findingId })],
  options: {
    app: appOption,
    to: parsed('--to <email>', 'the assignee’s e-mail address', email(), { conflicts: ['none'] }),
    none: flag('--none', 'remove the assignee'),
    idsFrom: idsFromOption,
  },
  view: changeView,
  validate({ args: [ids], opts }) {
    if (opts.to === undefined && !opts.none) throw new UsageError('give --to EMAIL, or --none to unassign');
    requireIds(ids, opts.idsFrom);
  },
  async run(ctx, { args: [args], opts }) {
    const app = opts.app;
    const ids = await collectIds(ctx, args, opts.idsFrom);
    const client = await ctx.client();
    const { found, unknown } = await ctx.spin('Reading the findings', () => readFindings(ctx, app, ids));
    const assignee = opts.none ? '' : (opts.to ?? '');
    const known = found.map((f) => f.id);
    const run = await ctx.spin('Setting the assignee', () =>
      known.length === 1
        ? applyGroups([known], 1, () =>
            client.call('SetAppFindingAssignee', {
              path: { appID: app, findingID: known[0] as string },
              body: { assignee },
            }),
          )
        : applyGroups(chunks(known, batchSize), 1, (batch) =>
            client.call('SetAppMultipleFindingsAssignee', {
              path: { appID: app },
              body: { findings: batch.map(Number), assignee },
            }),
          ),
    );
    if (!run.error) {
      ctx.note(
        `${assignee ? `Assigned to ${assignee}` : 'Unassigned'}: ${found.length} finding${found.length === 1 ? '' : 's'} of ${app}.`,
      );
    }
    return changeResult(ctx, found, run, {
      before: (f) => f.assignee ?? '',
      after: assignee,
      what: assignee ? `assigned to ${assignee}` : 'unassigned',
      app,
      exitCode: unknown.length ? ExitCode.notFound : undefined,
    });
  },
});
