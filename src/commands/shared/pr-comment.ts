import type { Context } from '../../context.js';
import { AuthError, CliError, ConfigError, UsageError } from '../../errors.js';
import type { CommentData } from '../../output/formats/comment.js';
import type { CommentMode, SyncOutcome, SyncResult } from '../../providers/sticky.js';
import type { Provider, ProviderName, PullRequest } from '../../providers/types.js';
import { choice, flag, parsed } from '../define.js';
import { int } from '../parsers.js';

/** `--provider`, `--pull-request`, `--comment-mode`, `--comment-max-chars`: `pr comment`'s and the gate's. */
export const commentOptions = {
  provider: choice(
    '--provider <name>',
    'the code host: github, gitlab, azure, bitbucket\n\n(default: the CI service running the job)',
    ['github', 'gitlab', 'azure', 'bitbucket'],
  ),
  pullRequest: parsed(
    '--pull-request <n>',
    'the pull (merge) request number\n\n(default: the one the CI service names)',
    int(1, 999_999_999_999),
  ),
  commentMode: choice(
    '--comment-mode <mode>',
    'update (default), new or delete-and-new\n\n(update: one comment, edited in place; new: a new comment each run; delete-and-new: the old ones deleted, only the token’s user’s)',
    ['update', 'new', 'delete-and-new'],
  ),
  commentMaxChars: parsed(
    '--comment-max-chars <n>',
    'the longest comment, in characters\n\n(default the provider’s limit: GitHub 65536, at most; GitLab 1000000; Azure DevOps 150000; Bitbucket 32768)',
    int(1000, 1_000_000),
  ),
};

export const commentRequiredOption = flag(
  '--comment-required',
  'fail the run when the comment cannot be posted\n\n(by default a comment never changes the exit code)',
);

export interface CommentRequest {
  provider?: ProviderName | undefined;
  pullRequest?: number | undefined;
  commentMode?: CommentMode | undefined;
  commentMaxChars?: number | undefined;
  /** The commit the comment is about: the pull request's head must still be it (a comment file's). */
  headSha?: string | undefined;
}

/** Where a comment goes, or why it cannot go anywhere. */
export type Destination =
  { kind: 'pull-request'; provider: Provider; pr: PullRequest } | { kind: 'none'; reason: string };

/** The pull request from `--provider` and the CI environment (`--pull-request` overrides its number). */
export async function destination(ctx: Context, request: CommentRequest): Promise<Destination> {
  const { detectProvider, loadProvider } = await import('../../providers/index.js');
  const provider = request.provider ? await loadProvider(request.provider) : await detectProvider(ctx.env);
  if (!provider) {
    return {
      kind: 'none',
      reason:
        'not a pull request: no GitHub Actions, GitLab CI, Azure Pipelines or Bitbucket Pipelines job here (give --provider and its variables)',
    };
  }
  const pr = await provider.pullRequest(ctx.env, request.pullRequest);
  if ('missing' in pr) return { kind: 'none', reason: `${provider.title}: ${pr.missing}` };
  return { kind: 'pull-request', provider, pr };
}

export type Posted =
  | ({ kind: 'posted'; where: string } & SyncResult)
  /** No write is possible here (a fork, no token, a token without write): the caller falls back. */
  | { kind: 'read-only'; reason: string; where: string; error?: CliError }
  | { kind: 'failed'; error: CliError; where: string };

const label = (provider: Provider, pr: PullRequest) =>
  `${provider.title} ${provider.name === 'gitlab' ? 'merge request !' : 'pull request #'}${pr.number}`;

/** Posts (or updates) the gate's comment on the pull request; nothing is thrown but an interruption. */
export async function postComment(
  ctx: Context,
  data: CommentData,
  to: Extract<Destination, { kind: 'pull-request' }>,
  request: CommentRequest,
): Promise<Posted> {
  const { provider, pr } = to;
  const where = label(provider, pr);
  if (pr.readOnly) return { kind: 'read-only', reason: `${provider.title}: ${pr.readOnly}`, where };
  if (!pr.token) {
    return { kind: 'read-only', reason: `${provider.title}: ${pr.tokenVariable} is not set`, where };
  }
  try {
    const [{ checkApiUrl, ProviderHttp }, { renderComment, withDigest, markerOf, hidden }, { syncComment }] =
      await Promise.all([
        import('../../providers/http.js'),
        import('../../output/formats/comment.js'),
        import('../../providers/sticky.js'),
      ]);
    const base = checkApiUrl(pr.apiUrl, pr.apiFrom);
    // The comment's own limit can be lowered, never raised past GitHub's.
    const max = Math.min(
      request.commentMaxChars ?? provider.maxChars,
      provider.name === 'github' ? provider.maxChars : Infinity,
    );
    const dialect = { html: provider.html, blobUrl: pr.blobUrl };
    const { text, digest } = withDigest(renderComment(data, dialect, max), dialect);
    const sender = await ctx.providerSender(base.origin, pr.token);
    const http = new ProviderHttp(sender, base, {
      title: provider.title,
      permission: provider.permission,
      tokenVariable: pr.tokenVariable,
      maxRetryWaitMs: ctx.maxRetryWaitMs,
      sleep: (ms) => ctx.clock.sleep(ms, ctx.signal),
      now: () => ctx.clock.now(),
      ...(provider.name === 'github'
        ? { headers: { accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28' } }
        : {}),
    });
    if (request.headSha && pr.checkHead && provider.headOf) {
      const head = await provider.headOf(http, pr);
      if (head !== request.headSha) {
        throw new ConfigError(
          `${where} is at commit ${head ?? '(unknown)'}, not ${request.headSha}, the commit the comment is about: not posted (a newer run comments on it)`,
        );
      }
    }
    const marker = hidden(markerOf(data.compound), dialect);
    const result = await syncComment(
      provider.comments(http, pr),
      text,
      marker,
      digest,
      request.commentMode ?? 'update',
    );
    return { kind: 'posted', where, ...result };
  } catch (error) {
    if (!(error instanceof CliError) || error.exitCode === 130 || error.exitCode === 143) throw error;
    // A token that may read but not write (a fork's, or one without the permission): no write is possible.
    if (error instanceof AuthError) {
      const reason = `${error.message}${error.hint ? `; ${error.hint}` : ''}`;
      return { kind: 'read-only', reason, where, error };
    }
    return { kind: 'failed', error, where };
  }
}

/** What each outcome says on stderr, and what was left alone. */
export function postedLine(posted: Extract<Posted, { kind: 'posted' }>): string {
  const what: Record<SyncOutcome, string> = {
    created: 'posted',
    updated: 'updated',
    unchanged: 'unchanged (nothing new to say): not written',
    recreated: 'posted anew (the earlier ones deleted)',
  };
  if (posted.unknown !== undefined) {
    return `The gate's comment on ${posted.where}: posted as a new comment (${posted.unknown}): without the token's user, the gate cannot tell its comments from others' holding its marker, so it edits and deletes none.`;
  }
  const others = posted.others
    ? ` ${posted.others === 1 ? 'A comment' : `${posted.others} comments`} holding the gate's marker ${posted.others === 1 ? 'was' : 'were'} written by someone else: left alone.`
    : '';
  return `The gate's comment on ${posted.where}: ${what[posted.outcome]}.${others}`;
}

/** The file a job that cannot comment leaves for one that can (`secscan pr comment --from FILE`). */
export interface CommentFile {
  secscan: 'pr-comment';
  version: 1;
  pull_request: { provider: ProviderName; repository: string; number: number; head_sha: string | null };
  comment: CommentData;
}

export function commentFile(provider: ProviderName, pr: PullRequest, data: CommentData): CommentFile {
  return {
    secscan: 'pr-comment',
    version: 1,
    pull_request: { provider, repository: pr.repository, number: pr.number, head_sha: pr.headSha ?? null },
    comment: data,
  };
}

/** A usage error for the comment's flags given without `--comment`. */
export function commentFlagsAlone(opts: Record<string, unknown>, keys: readonly [string, string][]): void {
  for (const [key, name] of keys) {
    if (opts[key] !== undefined && opts[key] !== false) throw new UsageError(`${name} needs --comment`);
  }
}

/** A file that names another repository than the job's: refused, its number would be another's. */
export function sameRepository(file: CommentFile, pr: PullRequest): void {
  if (file.pull_request.repository !== pr.repository || file.pull_request.provider !== pr.provider) {
    throw new ConfigError(
      `the comment file is for ${file.pull_request.provider} ${file.pull_request.repository}, not ${pr.provider} ${pr.repository}: not posted`,
    );
  }
}
