import { ExitCode, exitCodeFor, NotFoundError } from '../../../errors.js';
import { workItemView } from '../../../output/views/integrations.js';
import { arg, defineVerb, list, parsed, variadicArg } from '../../define.js';
import { appId, pattern, scanId } from '../../parsers.js';
import { chunks, mapLimit } from '../../../util/batches.js';
import { collectIds, findingId, idsFromOption, requireIds } from '../../shared/finding-ids.js';
import { linkHint, rethrowNotFound } from '../internal/hints.js';
import { checkWith } from '../../../util/hints.js';

/** No documented limit: batches keep each request small. */
const batchSize = 100;

export default defineVerb({
  name: 'submit',
  summary: 'File findings of a scan as work items on the linked work-board project',
  description:
    'Submit findings of one scan of an app to the work board (Azure Boards): each becomes a work item of ' +
    'the project the app is linked to (`board link`). Ids come as arguments or from --ids-from (a file, ' +
    'or - for stdin: one a line, or a JSON array such as `findings list -o json` prints). --param passes ' +
    'extra KEY=VALUE fields to the board. Prints each finding’s work item as the service then reports it.',
  examples: [
    'secscan integrations board submit payments-api --scan 1011 16 18',
    'secscan integrations board submit payments-api --scan 1011 16 --param area_path=Payments/Security',
    'secscan findings list --app payments-api --severity critical -o json | secscan integrations board submit payments-api --scan 1011 --ids-from -',
  ],
  operations: ['SubmitFindingToAzureBoardPut', 'GetAssociationAzureBoardByFindingID'],
  args: [
    arg('app', 'app id', { parser: appId(), complete: 'app' }),
    variadicArg('finding-id', 'finding ids', { required: false, parser: findingId }),
  ],
  options: {
    scan: parsed('--scan <id>', 'the scan the findings were reported in (required)', scanId(), {
      required: 'the scan id; see `secscan scans list --app APP`',
    }),
    idsFrom: idsFromOption,
    param: list('--param <key=value>', 'an extra field for the work items (repeatable)', {
      parser: pattern(/^[^=\s][^=]*=[\s\S]*$/, 'expected KEY=VALUE'),
    }),
  },
  view: workItemView,
  validate({ args: [, ids], opts }) {
    requireIds(ids, opts.idsFrom);
  },
  async run(ctx, { args: [app, args], opts }) {
    const ids = await collectIds(ctx, args, opts.idsFrom);
    const extra = Object.fromEntries(
      (opts.param ?? []).map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)]),
    );
    const client = await ctx.client();
    const submitted: string[] = [];
    await ctx.spin('Submitting to the work board', async () => {
      for (const batch of chunks(ids, batchSize)) {
        try {
          await client.call('SubmitFindingToAzureBoardPut', {
            path: { appID: app },
            body: {
              scan_id: Number(opts.scan),
              finding_ids: batch.map(Number),
              ...(opts.param?.length ? { extra_parameters: extra } : {}),
            },
            verify: checkWith(`secscan integrations board finding ${app} ${batch[0]}`),
          });
        } catch (error) {
          // Batches before this one were filed: say which, and what became of the rest.
          if (submitted.length) {
            const lost = exitCodeFor(error) === ExitCode.transient;
            const rest = ids.slice(submitted.length + (lost ? batch.length : 0));
            ctx.warn([
              `stopped part-way: submitted ${submitted.length} of ${ids.length} findings of ${app}`,
              ...(lost ? [`unknown (the answer was lost): ${batch.join(', ')}`] : []),
              ...(rest.length ? [`not submitted: ${rest.join(', ')}`] : []),
            ]);
          }
          rethrowNotFound(error, linkHint(app));
        }
        submitted.push(...batch);
      }
    });
    const rows = await ctx.spin('Reading the work items', () =>
      mapLimit(ids, 8, async (id) => {
        try {
          const item = await client.call('GetAssociationAzureBoardByFindingID', {
            path: { appID: app, findingID: id },
          });
          return { finding_id: id, ...item };
        } catch (error) {
          if (error instanceof NotFoundError) return { finding_id: id };
          throw error;
        }
      }),
    );
    const pending = rows.filter((r) => !('azure_workitem_id' in r) || r.azure_workitem_id === undefined);
    ctx.note(
      `Submitted ${ids.length} finding${ids.length === 1 ? '' : 's'} of ${app} (scan ${opts.scan}) to the work board.`,
    );
    if (pending.length) {
      ctx.warn(
        `no work item reported yet for ${pending.map((r) => r.finding_id).join(', ')}: check later with \`secscan integrations board finding ${app} ID\``,
      );
    }
    return { kind: 'list', rows };
  },
});
