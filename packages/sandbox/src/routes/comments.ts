import type { PayloadOf } from '@secscan/api/operations/schemas';
import type { Comment } from '@secscan/api/schemas/comments';
import type { CommentRecord } from '../model/analysis.js';
import { type HandlerContext, type HandlerMap, notFound, ok, ReplyError } from '../http.js';

function finding(ctx: HandlerContext) {
  const { appID, findingID } = ctx.params;
  const found = ctx.state.analysis.findings.find((f) => f.id === findingID && f.app === appID);
  if (!found) throw new ReplyError(notFound(`app ${appID} has no finding ${findingID}`));
  return found;
}

function apiComment(ctx: HandlerContext, c: CommentRecord): PayloadOf<typeof Comment> {
  return { ...c, org_id: ctx.state.org.id };
}

export const commentHandlers = {
  ListAppFindingComments: (ctx) => {
    const f = finding(ctx);
    const comments = ctx.state.analysis.comments
      .filter((c) => c.finding_id === f.id && c.app_id === f.app)
      .sort((a, b) => a.created_at.localeCompare(b.created_at) || Number(a.id) - Number(b.id));
    return ok(comments.map((c) => apiComment(ctx, c)));
  },

  CreateAppFindingComment: (ctx) => {
    const f = finding(ctx);
    const body = ctx.body;
    const { analysis } = ctx.state;
    const comment: CommentRecord = {
      id: String(analysis.next.comment++),
      app_id: f.app,
      finding_id: f.id,
      created_at: new Date().toISOString(),
      owner: { email: ctx.caller.user.email, name: ctx.caller.user.name },
      comment: body.comment,
    };
    analysis.comments.push(comment);
    ctx.save();
    return ok(apiComment(ctx, comment));
  },

  ReadOneAppFindingComment: (ctx) => {
    const f = finding(ctx);
    const comment = ctx.state.analysis.comments.find(
      (c) => c.id === ctx.params.commentID && c.finding_id === f.id && c.app_id === f.app,
    );
    if (!comment) return notFound(`finding ${f.id} has no comment ${ctx.params.commentID}`);
    return ok(apiComment(ctx, comment));
  },
} satisfies HandlerMap;
