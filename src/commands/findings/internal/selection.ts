import type { Context } from '../../../context.js';
import { UsageError } from '../../../errors.js';
import type { Result } from '../../../output/core/result.js';
import { changeViewFor } from '../../../output/views/findings.js';
import type { Selection } from '../../../triage/bulk.js';
import type { ChangeOutcome } from '../../../triage/ids.js';
import { flag, text, variadicArg } from '../../define.js';
import { collectIds, findingId, idsFromOption } from '../../shared/finding-ids.js';
import { type ListOpts, options as listOptions } from './list-options.js';
import { planList } from '../../../triage/query.js';

/**
 * The flags that choose the findings of a change (`findings status`, `findings assign`) and name one finding
 * (`--app` of `findings show`, `fix`, `comment`), mapped to the triage engine's Selection (src/triage/), and
 * the engine's outcome as a verb returns it.
 */

export const appOption = text('--app <id>', 'the app the finding belongs to (required)', {
  required: 'the app the finding belongs to',
});

/** The finding ids of `findings status` and `findings assign` (none when a query chooses them). */
export const findingIdsArg = variadicArg('finding-id', 'finding ids (or choose them by query)', {
  required: false,
  parser: findingId,
});

/**
 * The flags of `findings status` and `findings assign` that choose the findings: ids (of --app), or a query
 * with the filters of `findings list` (the same declarations, mapped by the same planList).
 */
export const selectionOptions = {
  app: text('--app <id>', 'the app of the findings (required with finding ids)', { conflicts: ['compound'] }),
  compound: listOptions.compound,
  severity: listOptions.severity,
  type: listOptions.type,
  category: listOptions.category,
  tag: listOptions.tag,
  search: listOptions.search,
  status: listOptions.status,
  idsFrom: idsFromOption,
  dryRun: flag('--dry-run', 'print the findings and what would change (BEFORE, AFTER); send no change'),
};

type SelectionOpts = Partial<
  Pick<ListOpts, 'app' | 'compound' | 'severity' | 'type' | 'category' | 'tag' | 'search' | 'status'>
> & { idsFrom?: string | undefined };

const queryFlags = ['severity', 'type', 'category', 'tag', 'search', 'status'] as const;

/** Ids and a query are alternatives; checked before anything is read or sent. */
export function planSelection(ids: readonly string[], opts: SelectionOpts): Selection {
  const filters = queryFlags.filter((key) => opts[key] !== undefined).map((key) => `--${key}`);
  const hasIds = ids.length > 0 || opts.idsFrom !== undefined;
  if (hasIds && filters.length) {
    throw new UsageError(
      `finding ids and a query (${filters.join(', ')}) are alternatives: give one or the other`,
    );
  }
  if (hasIds) {
    if (opts.compound !== undefined) {
      throw new UsageError('--compound selects findings by query (--severity, ...); finding ids need --app');
    }
    if (opts.app === undefined) throw new UsageError('--app is required (the app the finding belongs to)');
    return { kind: 'ids', app: opts.app, where: opts.app };
  }
  if (!filters.length) {
    throw new UsageError(
      'give finding ids, --ids-from FILE|-, or a query: --severity, --type, --category, --tag, --search or --status',
    );
  }
  if (opts.app === undefined && opts.compound === undefined) {
    throw new UsageError('a query needs --app or --compound: the findings it chooses from');
  }
  const { app, compound, severity, type, category, tag, search, status } = opts;
  const plan = planList({ app, compound, severity, type, category, tag, search, status, all: true }, false);
  return { kind: 'query', plan, where: compound !== undefined ? `compound ${compound}` : (app as string) };
}

/** The finding ids given (arguments and --ids-from) of a selection by ids; none for a query. */
export async function selectedIds(
  ctx: Context,
  selection: Selection,
  args: readonly string[],
  idsFrom: string | undefined,
): Promise<string[]> {
  return selection.kind === 'ids' ? collectIds(ctx, args, idsFrom) : [];
}

/** A change's outcome as a listing: the rows, with the APP and RESULT columns when they matter. */
export function changeResult({ rows, apps, partial, exitCode, error }: ChangeOutcome): Result {
  return {
    kind: 'list',
    rows,
    view: changeViewFor({ apps, partial }),
    ...(exitCode === undefined ? {} : { exitCode }),
    ...(error === undefined ? {} : { error }),
  };
}
