import { fixMarkdown, isReady } from '../analysis/autofix.js';
import { error, type HandlerMap, notFound, ok } from '../http.js';

export const autofixHandlers = {
  /** The template's advice; once AutoFix made a fix (RequestFindingFix), that fix, in markdown. */
  ReadRecommendedFix: ({ state, params }) => {
    const f = state.analysis.findings.find((x) => x.id === params.findingID && x.app === params.appID);
    if (!f) return notFound(`app ${params.appID} has no finding ${params.findingID}`);
    const made = (state.analysis.fixes ?? []).find((x) => x.app === f.app && x.finding_id === f.id);
    const fix = made && isReady(made, Date.now()) ? fixMarkdown(made, f.fix.fix) : f.fix.fix;
    return ok({ fix, fix_notes: f.fix.fix_notes });
  },

  // ReadFindingFix: api-v4.md says the feature is off by default and enabled on request to the vendor.
  ReadFindingFix: ({ state, params }) => {
    const f = state.analysis.findings.find((x) => x.id === params.findingID && x.app === params.appID);
    if (!f) return notFound(`app ${params.appID} has no finding ${params.findingID}`);
    return error(404, 'FEATURE_DISABLED', 'finding fixes are not enabled for this organization');
  },
} satisfies HandlerMap;
