import type { ApiClient } from '../../../api/client.js';
import type { Context } from '../../../context.js';
import { AuthError, CliError, ConfigError, ExitCode, InterruptedError } from '../../../errors.js';
import type { CommentData, CommentFinding } from '../../../output/formats/comment.js';
import type { GateReport, NotEvaluated } from '../../../gate/report.js';
import {
  commentFile,
  type CommentRequest,
  destination,
  postComment,
  postedLine,
} from '../../shared/pr-comment.js';
import type { GateSubject } from '../../../gate/baseline.js';

export interface GateCommentOptions extends CommentRequest {
  commentRequired?: boolean | undefined;
  commentFile?: string | undefined;
}

/** The default file a job that cannot comment writes the comment to. */
export const defaultCommentFile = 'secscan-comment.json';

/**
 * The findings of the baseline the scan under test no longer has: `ListScansCompare` of each app's scans
 * (a compound scan's apps paired by app). Listed for the comment only; a failure leaves them out (null).
 */
export async function fixedSince(
  client: ApiClient,
  subject: GateSubject,
  source: number,
  target: number,
  warn: (message: string) => void,
): Promise<CommentFinding[] | null> {
  const compare = async (app: string, from: string, to: string) => {
    const diff = await client.call('ListScansCompare', {
      path: { appID: app },
      query: { source: `scan.${from}`, target: `scan.${to}` },
    });
    return diff.fixed.map((f) => ({
      id: f.id,
      app: f.app ?? app,
      severity: f.severity ?? '',
      title: f.title ?? f.category ?? '',
    }));
  };
  try {
    if (subject.kind === 'app') return await compare(subject.name, String(source), String(target));
    const read = (scan: number) =>
      client.call('ReadCompoundScan', {
        path: { compoundName: subject.name, scanID: scan },
        query: { archived: true },
      });
    const [now, before] = await Promise.all([read(target), read(source)]);
    const earlier = new Map(before.scans.map((s) => [s.app, s.id]));
    const pairs = now.scans.filter((s) => s.app !== undefined && earlier.has(s.app));
    const lists = await Promise.all(
      pairs.map((s) => compare(s.app as string, earlier.get(s.app) as string, s.id)),
    );
    return lists.flat();
  } catch (error) {
    if (!(error instanceof CliError) || error instanceof InterruptedError) throw error;
    warn(`the comment lists no fixed findings: ${error.message}`);
    return null;
  }
}

/** The scan under test in the service's web app: `SECSCAN_SCAN_URL` (`{org}`, `{compound}`, `{scan}`). */
export function scanUrl(env: NodeJS.ProcessEnv, client: ApiClient, compound: string, scan: number): string {
  const base = `${client.origin}${client.apiPrefix.replace(/\/api\/v4$/, '')}`;
  const template = env.SECSCAN_SCAN_URL?.trim() || '{base}/apps/{compound}?organizationId={org}&scan={scan}';
  return template
    .replace(/\{base\}/g, base)
    .replace(/\{org\}/g, encodeURIComponent(client.orgId ?? ''))
    .replace(/\{compound\}/g, encodeURIComponent(compound))
    .replace(/\{scan\}/g, String(scan));
}

/**
 * `scans check --comment`: the verdict (or why there is none) on the pull request. A comment that cannot
 * be written never changes the gate's exit code, unless `--comment-required`: then the error returned
 * decides it. Where no write is possible (a fork, a read-only token), one notice says so and the comment
 * goes to a file for a job that can write (`secscan pr comment --from FILE`).
 */
export async function commentOnGate(
  ctx: Context,
  opts: GateCommentOptions,
  gate:
    | { report: GateReport; extra: () => Promise<{ fixed: CommentFinding[] | null; scanUrl?: string }> }
    | { notEvaluated: NotEvaluated },
): Promise<CliError | undefined> {
  const required = opts.commentRequired === true;
  const to = await destination(ctx, opts);
  if (to.kind === 'none') {
    ctx.note(`No pull-request comment: ${to.reason}.`);
    return required ? new ConfigError(`--comment-required: ${to.reason}`) : undefined;
  }
  const { commentData, commentNotEvaluated } = await import('../../../output/formats/comment.js');
  let data: CommentData;
  if ('report' in gate) {
    const extra = await gate.extra();
    data = commentData(gate.report, { ...extra, toolVersion: ctx.version });
  } else {
    data = commentNotEvaluated(gate.notEvaluated, ctx.version);
  }
  const posted = await postComment(ctx, data, to, opts);
  if (posted.kind === 'posted') {
    ctx.note(postedLine(posted));
    return undefined;
  }
  if (posted.kind === 'failed') {
    ctx.warn(`the gate's comment on ${posted.where} was not posted: ${posted.error.message}`);
    return required ? posted.error : undefined;
  }
  const file = opts.commentFile ?? defaultCommentFile;
  const { writeFileAtomic } = await import('../../../util/durable.js');
  const { safeJson } = await import('../../../streams/sanitize.js');
  let saved = '';
  try {
    await writeFileAtomic(file, `${safeJson(commentFile(to.provider.name, to.pr, data), 2)}\n`);
    saved = `; the comment is in ${file}, for a job that can write to post with \`secscan pr comment --from ${file}\``;
  } catch (error) {
    saved = `; it could not be written to ${file}: ${(error as Error).message}`;
  }
  const summary =
    ctx.env.GITHUB_ACTIONS === 'true' ? ' (the verdict is in the step summary and annotations)' : '';
  const notice = `No comment on ${posted.where}: ${posted.reason}${summary}${saved}`;
  if (ctx.env.GITHUB_ACTIONS === 'true') {
    const [{ workflowCommand }, { writeWorkflowCommands }] = await Promise.all([
      import('../../../output/formats/github.js'),
      import('../../../streams/ci-log.js'),
    ]);
    // Our own command, its data escaped as the runner unescapes it: past the CI-log guard, as it is.
    const line = workflowCommand({ level: 'notice', title: 'secscan', message: notice });
    writeWorkflowCommands(ctx.io.stderr, `${line}\n`);
  } else {
    ctx.note(notice);
  }
  return required ? new AuthError(`--comment-required: ${notice}`, ExitCode.auth, 403, undefined) : undefined;
}
