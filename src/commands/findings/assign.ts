import { ExitCode, UsageError } from '../../errors.js';
import { changeView, type FindingChange } from '../../output/views/findings.js';
import { defineVerb, flag, parsed, variadicArg } from '../define.js';
import { email } from '../parsers.js';
import {
  appOption,
  batchSize,
  chunks,
  collectIds,
  findingId,
  idsFromOption,
  readFindings,
  requireIds,
} from './ids.js';

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
    await ctx.spin('Setting the assignee', async () => {
      if (known.length === 1) {
        await client.call('SetAppFindingAssignee', {
          path: { appID: app, findingID: known[0] as string },
          body: { assignee },
        });
      } else {
        for (const batch of chunks(known, batchSize)) {
          await client.call('SetAppMultipleFindingsAssignee', {
            path: { appID: app },
            body: { findings: batch.map(Number), assignee },
          });
        }
      }
    });
    const rows: FindingChange[] = found.map((f) => ({
      id: f.id,
      title: f.title,
      before: f.assignee ?? '',
      after: assignee,
      changed: (f.assignee ?? '') !== assignee,
    }));
    ctx.note(
      `${assignee ? `Assigned to ${assignee}` : 'Unassigned'}: ${rows.length} finding${rows.length === 1 ? '' : 's'} of ${app}.`,
    );
    return { kind: 'list', rows, exitCode: unknown.length ? ExitCode.notFound : undefined };
  },
});
