import { RulesFileError } from '@secscan/api/rules/error';
import { parsePolicy } from '../analysis/policy.js';
import { contentHash, listPolicies, resolvePolicy, tagsOf, upsertPolicy } from '../analysis/policy-store.js';
import { type HandlerMap, invalid, notFound, ok, text } from '../http.js';

const word = /^[\w.-]+$/;

export const checkAnalysisHandlers = {
  // ResolveCheckAnalysisConfiguration: `name` (or `name:latest`) is the latest version, `name:tag` a tagged one; the raw file.
  ResolveCheckAnalysisConfiguration: ({ state, params }) => {
    const content = resolvePolicy(state.checkPolicies, params.reference as string);
    if (content === undefined) return notFound(`no check-analysis configuration ${params.reference}`);
    return text(content, 'application/yaml');
  },

  ListCheckAnalysisConfiguration: ({ state, query }) =>
    ok(listPolicies(state.checkPolicies, query.getAll('name'))),

  // The reference takes just a name; `tag` adds a tag, `useDefaults` the next version tag. The file must be
  // a rules file `scans check --policy` can use.
  UpsertCheckAnalysisConfiguration: (ctx) => {
    const name = ctx.params.reference as string;
    if (!word.test(name)) {
      return invalid('invalid reference', ['reference: a name (letters, digits, _ . -) without a tag']);
    }
    const tag = ctx.query.get('tag') ?? undefined;
    if (tag !== undefined && (!word.test(tag) || tag === 'latest')) {
      return invalid('invalid query parameter tag', ['tag: letters, digits, _ . - (and not "latest")']);
    }
    const useDefaults = ctx.query.get('useDefaults') === 'true';
    const content = ctx.body;
    try {
      parsePolicy(content);
    } catch (error) {
      if (!(error instanceof RulesFileError)) throw error;
      return invalid('invalid check-analysis configuration', [error.message]);
    }
    const policy = upsertPolicy(ctx.state.checkPolicies, name, content, { tag, useDefaults });
    ctx.save();
    const hash = contentHash(content);
    return ok({ contentHash: hash, tags: tagsOf(policy, hash) });
  },
} satisfies HandlerMap;
