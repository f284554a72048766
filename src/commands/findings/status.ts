import { statusUpdates } from '@secscan/api/values';
import { ExitCode } from '../../errors.js';
import { changeView } from '../../output/views/findings.js';
import { choice, defineVerb, text, variadicArg } from '../define.js';
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

const statusChoices = [...statusUpdates, 'none'] as const;
const resulting = {
  fixed: 'fixed',
  codeviolationfixed: 'fixed',
  ignore: 'ignored',
  codeviolationignore: 'ignored',
  codeviolationremovestatus: 'unset',
  none: 'unset',
} as const satisfies Record<(typeof statusChoices)[number], string>;

export default defineVerb({
  name: 'status',
  summary: 'Set the status of findings (each change also adds a comment)',
  description:
    'Set the status of one or more findings. One id uses the single-finding operation; several ids (or ' +
    '--ids-from) use the bulk operation in batches of 100. --comment is attached to each status change ' +
    '(one request per finding). Prints what changed; ids the app does not have are reported (exit 5).',
  examples: [
    'secscan findings status --app shiftleft-java-demo --set fixed --comment "fixed in #123" 12',
    'secscan findings status --app shiftleft-java-demo --set ignore 12 14 15',
    "secscan findings list --app shiftleft-java-demo --severity low -o json | jq '[.[].id]' | secscan findings status --app shiftleft-java-demo --set ignore --ids-from -",
  ],
  operations: ['ReadAppFinding', 'SetAppFindingStatus', 'SetAppMultipleFindingsStatus'],
  args: [variadicArg('finding-id', 'finding ids', { required: false, parser: findingId })],
  options: {
    app: appOption,
    set: choice('--set <status>', 'the status to set (none clears it)', statusChoices, {
      required: `one of ${statusChoices.join(', ')}`,
    }),
    comment: text('--comment <text>', 'the text of the comment the status change adds'),
    idsFrom: idsFromOption,
  },
  view: changeView,
  validate({ args: [ids], opts }) {
    requireIds(ids, opts.idsFrom);
  },
  async run(ctx, { args: [args], opts }) {
    const app = opts.app;
    const ids = await collectIds(ctx, args, opts.idsFrom);
    const client = await ctx.client();
    const { found, unknown } = await ctx.spin('Reading the findings', () => readFindings(ctx, app, ids));
    const status = opts.set === 'none' ? undefined : opts.set;
    const known = found.map((f) => f.id);
    // Only the single-finding operation carries a comment text (`optional_comment`).
    const single = known.length === 1 || opts.comment !== undefined;
    const run = await ctx.spin('Setting the status', () =>
      single
        ? applyGroups(
            known.map((id) => [id]),
            4,
            ([id]) =>
              client.call('SetAppFindingStatus', {
                path: { appID: app, findingID: id as string },
                body: {
                  ...(status ? { status } : {}),
                  ...(opts.comment ? { optional_comment: opts.comment } : {}),
                },
              }),
          )
        : applyGroups(chunks(known, batchSize), 1, (batch) =>
            client.call('SetAppMultipleFindingsStatus', {
              path: { appID: app },
              body: { findings: batch.map(Number), ...(status ? { status } : {}) },
            }),
          ),
    );
    const after = resulting[opts.set];
    if (!run.error) {
      const changed = found.filter((f) => f.status !== after).length;
      ctx.note(
        `Set ${after} on ${found.length} finding${found.length === 1 ? '' : 's'} of ${app} (${changed} changed).`,
      );
    }
    return changeResult(ctx, found, run, {
      before: (f) => f.status ?? '',
      after,
      what: `set ${after}`,
      app,
      exitCode: unknown.length ? ExitCode.notFound : undefined,
    });
  },
});
