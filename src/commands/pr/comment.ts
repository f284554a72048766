import { ConfigError } from '../../errors.js';
import { defineVerb, text } from '../define.js';
import { readInputFile } from '../shared/files.js';
import {
  commentOptions,
  destination,
  postComment,
  postedLine,
  sameRepository,
} from '../shared/pr-comment.js';

export default defineVerb({
  name: 'comment',
  summary: 'Post the gate’s comment a run could not post (a fork’s pull request) on its pull request',
  description:
    'Posts the comment in FILE, which `secscan scans check --comment` writes (--comment-file, default ' +
    'secscan-comment.json) when it cannot write to the pull request: on GitHub, a pull request from a fork ' +
    'runs with a read-only token. A job with a token that can write (a `workflow_run` job, given the file as an ' +
    'artifact) posts it: one comment per app or compound (a hidden marker), updated in place, nothing sent ' +
    'when it already says the same.\n\nThe gate’s comments are those the token’s user wrote (the provider’s ' +
    '"who am I": GitHub GET /user or GraphQL’s viewer for an app’s token, GitLab and Bitbucket GET /user, ' +
    'Azure DevOps connection data): a comment of anyone else holding the marker is never edited or deleted; ' +
    'where the provider does not say who the token is, a new comment is posted, saying why. The file is ' +
    'read as data and rendered here, its text escaped: it ' +
    'cannot ping anyone or inject HTML, and its link to the scan is kept only on the service’s own host (the ' +
    'configured base URL’s, or SECSCAN_SCAN_URL’s). It must name the repository of the job, and in a GitHub ' +
    '`workflow_run` job the pull request must still be at the commit it is about (`GET pulls/N`), else ' +
    'nothing is posted (exit 3). The ' +
    'provider, its API address and token come from the CI environment: GITHUB_TOKEN and GITHUB_API_URL; ' +
    'SECSCAN_GITLAB_TOKEN and CI_API_V4_URL; SYSTEM_ACCESSTOKEN and SYSTEM_COLLECTIONURI; ' +
    'SECSCAN_BITBUCKET_TOKEN (and SECSCAN_BITBUCKET_API_URL). The token goes to that API host only, over ' +
    'https (plain http on loopback only), never across a redirect.',
  examples: [
    'secscan pr comment --from secscan-comment.json',
    'secscan pr comment --from secscan-comment.json --comment-mode delete-and-new',
    'GITHUB_TOKEN=$TOKEN secscan pr comment --from secscan-comment.json --provider github --pull-request 12',
  ],
  operations: [],
  options: {
    from: text('--from <file>', 'the comment file `scans check --comment` wrote (required)', {
      required: 'e.g. --from secscan-comment.json',
      complete: 'file',
    }),
    ...commentOptions,
  },
  async run(ctx, { opts }) {
    const { readCommentFile, serviceLink, serviceOrigins } = await import('./internal/comment-file.js');
    const file = readCommentFile(await readInputFile(ctx, opts.from, { what: '--from' }), opts.from);
    const to = await destination(ctx, {
      provider: opts.provider ?? file.pull_request.provider,
      pullRequest: opts.pullRequest ?? file.pull_request.number,
    });
    if (to.kind === 'none') throw new ConfigError(`no pull request to comment on: ${to.reason}`);
    sameRepository(file, to.pr);
    const origins = serviceOrigins((await ctx.settings()).baseUrl.value, ctx.env.SECSCAN_SCAN_URL);
    const link = serviceLink(file.comment.scanUrl, origins);
    if (link.dropped) {
      ctx.note(
        `The comment file links the scan to ${link.dropped}, not the service (${origins.join(', ')}): the comment has no link to it.`,
      );
    }
    const comment = { ...file.comment, scanUrl: link.scanUrl };
    const posted = await postComment(ctx, comment, to, {
      ...opts,
      headSha: file.pull_request.head_sha ?? undefined,
    });
    if (posted.kind === 'failed') throw posted.error;
    if (posted.kind === 'read-only') {
      if (posted.error) throw posted.error;
      throw new ConfigError(`no comment on ${posted.where}: ${posted.reason}`, {
        hint: 'run it in a job whose token can write to the pull request',
      });
    }
    ctx.note(postedLine(posted));
    return {
      kind: 'object',
      item: {
        provider: to.provider.name,
        repository: to.pr.repository,
        pull_request: to.pr.number,
        comment: posted.outcome,
      },
      onlyWhenAsked: true,
    };
  },
});
