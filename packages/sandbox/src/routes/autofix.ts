import { error, type HandlerMap, notFound, ok } from '../http.js';

export const autofixHandlers = {
  ReadRecommendedFix: ({ state, params }) => {
    const f = state.analysis.findings.find((x) => x.id === params.findingID && x.app === params.appID);
    if (!f) return notFound(`app ${params.appID} has no finding ${params.findingID}`);
    return ok({ fix: f.fix.fix, fix_notes: f.fix.fix_notes });
  },

  // ReadFindingFix: api-v4.md says the feature is off by default and enabled on request to the vendor.
  ReadFindingFix: ({ state, params }) => {
    const f = state.analysis.findings.find((x) => x.id === params.findingID && x.app === params.appID);
    if (!f) return notFound(`app ${params.appID} has no finding ${params.findingID}`);
    return error(404, 'FEATURE_DISABLED', 'finding fixes are not enabled for this organization');
  },
} satisfies HandlerMap;
