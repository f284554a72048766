import type { PayloadOf } from '@secscan/api/operations/schemas';
import type { DataflowStep } from '@secscan/api/schemas/findings';
import { completedScans } from '../analysis/findings-query.js';
import { apiFix, requestFix } from '../analysis/autofix.js';
import type { FindingRecord } from '../model/analysis.js';
import { error, type HandlerMap, notFound, ok, ReplyError } from '../http.js';
import type { SandboxState } from '../state.js';
import { currentUserForm } from './users.js';

/**
 * The paths outside the public v4 document that the vendor's own clients call (@secscan/api's
 * `operations/private.ts`): their shapes come from those clients, not from the document.
 */

function finding(state: SandboxState, app: string, id: string): FindingRecord {
  if (!state.apps.some((a) => a.id === app)) throw new ReplyError(notFound(`no app has the id ${app}`));
  const f = state.analysis.findings.find((x) => x.id === id && x.app === app);
  if (!f) throw new ReplyError(notFound(`app ${app} has no finding ${id}`));
  return f;
}

interface Step {
  location?: { file_name?: string; line_number?: number };
  method_tags?: { key: string; value: string }[];
  variable_info?: { Variable?: Record<string, { symbol?: string }> };
}

/** `details.dataflow` as the clients' dataflow path gives it: each step's place, symbol and role. */
function dataflowOf(f: FindingRecord): PayloadOf<typeof DataflowStep>[] {
  const list = (f.details.dataflow as { list?: Step[] } | undefined)?.list ?? [];
  return list.map((step) => {
    const variable = Object.values(step.variable_info?.Variable ?? {})[0];
    const role = step.method_tags?.find((t) => t.key === 'role')?.value;
    return {
      file_name: step.location?.file_name ?? '',
      line_number: step.location?.line_number ?? 0,
      ...(variable?.symbol ? { symbol: variable.symbol } : {}),
      ...(role ? { role } : {}),
    };
  });
}

export const privateHandlers = {
  ReadPrivateUser: ({ state, caller }) => ok(currentUserForm(state, caller.user)),

  ReadFindingDataflow: ({ state, params }) => {
    const f = finding(state, params.appID, params.findingID);
    const scan = state.analysis.scans.find((s) => s.id === params.scanID && s.app === params.appID);
    if (!scan) return notFound(`app ${params.appID} has no scan ${params.scanID}`);
    if (!scan.finding_ids.includes(f.id)) {
      return notFound(`finding ${f.id} is not in scan ${scan.id} of app ${params.appID}`);
    }
    return ok({ dataflow: dataflowOf(f) });
  },

  RequestFindingFix: (ctx) => {
    const f = finding(ctx.state, ctx.params.appID, ctx.params.findingID);
    const now = Date.now();
    const fix = requestFix(ctx.state, f, ctx.settings.autofixDelayMs, now);
    if (!fix) {
      return error(
        422,
        'AUTOFIX_UNAVAILABLE',
        `AutoFix has no fix for finding ${f.id} of app ${f.app} (it fixes code vulnerabilities and dependencies with a fixed version)`,
      );
    }
    ctx.save();
    return ok(apiFix(fix, now));
  },

  ListBranchFixes: ({ state, params }) => {
    const { appID, branch } = params;
    if (!state.apps.some((a) => a.id === appID)) return notFound(`no app has the id ${appID}`);
    if (!completedScans(state, appID).some((s) => s.branch === branch)) {
      return notFound(`app ${appID} has no scan of branch ${branch}`);
    }
    const now = Date.now();
    const fixes = (state.analysis.fixes ?? []).filter((x) => x.app === appID && x.branch === branch);
    return ok({ fixes: fixes.map((x) => apiFix(x, now)) });
  },
} satisfies HandlerMap;
