import type { ResponseInputOf } from '@secscan/api/operations/schemas';
import type { z } from 'zod';
import type { AutofixConfigBody } from '@secscan/api/schemas/org-config';
import { type HandlerContext, type HandlerMap, notFound, ok, type Reply } from '../http.js';
import type { AutofixRecord, OrgConfigRecord, SandboxState } from '../state.js';

const defaultSessionHours = 168;

/** `disable`, `auto_run_disable` and `manual_disable` are stored as `false` of the setting they turn off. */
function autofixRecord(body: z.output<typeof AutofixConfigBody>): AutofixRecord {
  const record: AutofixRecord = {
    enable: body.disable ? false : body.enable,
    auto_run: body.auto_run_disable ? false : body.auto_run,
    manual: body.manual_disable ? false : body.manual,
    max_fixes_per_run: body.max_fixes_per_run,
    fix_only_severities: body.fix_only_severities,
  };
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined)) as AutofixRecord;
}

function orgConfig(state: SandboxState) {
  const secrets = state.configuration.org.secrets;
  return {
    ...state.orgConfig,
    ...(secrets ? { analysis_configuration: { secrets } } : {}),
    session_timeout_hours: state.orgConfig.session_timeout_hours ?? defaultSessionHours,
  };
}

// UpdateOrgConfig overwrites every option (one left out is reset); PatchOrgConfig changes those given.
function writeOrgConfig(
  ctx: HandlerContext<'UpdateOrgConfig' | 'PatchOrgConfig'>,
  replace: boolean,
): Reply<ResponseInputOf<'UpdateOrgConfig' | 'PatchOrgConfig'>> {
  const { analysis_configuration: analysis, autofix_configuration: autofix, ...rest } = ctx.body;
  const { state } = ctx;
  const current: OrgConfigRecord = replace ? {} : state.orgConfig;
  state.orgConfig = {
    ...current,
    ...rest,
    ...(autofix
      ? {
          autofix_configuration: {
            ...(replace ? {} : current.autofix_configuration),
            ...autofixRecord(autofix),
          },
        }
      : {}),
  };
  if (replace) state.configuration.org = analysis?.secrets ? { secrets: { ...analysis.secrets } } : {};
  else if (analysis?.secrets) {
    state.configuration.org = { secrets: { ...state.configuration.org.secrets, ...analysis.secrets } };
  }
  ctx.save();
  return ok();
}

export const orgConfigHandlers = {
  ReadOrgConfig: ({ state }) => ok(orgConfig(state)),
  UpdateOrgConfig: (ctx) => writeOrgConfig(ctx, true),
  PatchOrgConfig: (ctx) => writeOrgConfig(ctx, false),

  ReadOrgAutoFixConfig: ({ state }) =>
    ok({ autofix_configuration: state.orgConfig.autofix_configuration ?? {} }),

  // CreateOrgAnalysisConfig (PUT) sets the analysis configuration; the rest of the configuration stays.
  CreateOrgAnalysisConfig: (ctx) => {
    const secrets = ctx.body.secrets;
    ctx.state.configuration.org = secrets ? { secrets: { ...secrets } } : {};
    ctx.save();
    return ok();
  },

  // UpdateOrgAnalysisConfig (PATCH) changes the settings given of an existing analysis configuration.
  UpdateOrgAnalysisConfig: (ctx) => {
    const org = ctx.state.configuration.org;
    if (!org.secrets) return notFound('the organization has no analysis configuration to update: create it');
    org.secrets = { ...org.secrets, ...ctx.body.secrets };
    ctx.save();
    return ok();
  },
} satisfies HandlerMap;
