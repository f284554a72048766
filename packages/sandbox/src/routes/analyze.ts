import type { AnalyzeFailureRecord } from '../model/projects.js';
import { type HandlerMap, notFound, ok } from '../http.js';
import type { SandboxState } from '../state.js';
import { limitOf } from './scans.js';

const shape = (state: SandboxState, f: AnalyzeFailureRecord) => ({ ...f, organization_id: state.org.id });

export const analyzeHandlers = {
  ListAnalyzeFailures: (ctx) => {
    const limit = limitOf(ctx, 100, 100);
    const newest = [...ctx.state.analyzeFailures].sort((a, b) => b.created_at.localeCompare(a.created_at));
    return ok({ failures: newest.slice(0, limit).map((f) => shape(ctx.state, f)) });
  },
  GetAnalyzeFailure: (ctx) => {
    const failure = ctx.state.analyzeFailures.find((f) => f.id === ctx.params.failureId);
    return failure
      ? ok(shape(ctx.state, failure))
      : notFound(`no analyze failure has the id ${ctx.params.failureId}`);
  },
} satisfies HandlerMap;
