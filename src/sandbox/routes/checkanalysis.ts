import { type HandlerMap, notFound, text } from '../http.js';

export const checkAnalysisHandlers: HandlerMap = {
  // ResolveCheckAnalysisConfiguration: `name` is the latest version, `name:tag` a given one; the raw file.
  ResolveCheckAnalysisConfiguration: ({ state, params }) => {
    const reference = params.reference as string;
    const i = reference.indexOf(':');
    const name = i === -1 ? reference : reference.slice(0, i);
    const tag = i === -1 ? undefined : reference.slice(i + 1);
    const policy = state.checkPolicies.find((p) => p.name === name);
    const version = tag === undefined ? policy?.versions.at(-1) : policy?.versions.find((v) => v.tag === tag);
    if (!version) return notFound(`no check-analysis configuration ${reference}`);
    return text(version.content, 'application/yaml');
  },
};
