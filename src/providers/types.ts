import type { ProviderHttp } from './http.js';

/** The code hosts whose pull requests secscan comments on; each is one adapter file. */
export const providerNames = ['github', 'gitlab', 'azure', 'bitbucket'] as const;
export type ProviderName = (typeof providerNames)[number];

/** A pull (merge) request, where its comments are written and with what token. */
export interface PullRequest {
  provider: ProviderName;
  /** The provider's API, without a trailing slash: `https://api.github.com`, `$CI_API_V4_URL`... */
  apiUrl: string;
  /** Where the API URL came from, for messages (`$GITHUB_API_URL`, `the default`). */
  apiFrom: string;
  token: string | undefined;
  /** The variable the token is read from, for messages. */
  tokenVariable: string;
  /** What names the repository in the API: `owner/repo`, a GitLab project id, `project/repository` ids. */
  repository: string;
  number: number;
  /** The pull request's head commit: what links to files point at. */
  headSha?: string | undefined;
  /**
   * A job that posts what another run left (GitHub's `workflow_run`): the comment's commit must still be the
   * pull request's head, or the file is for another pull request or an older push.
   */
  checkHead?: boolean | undefined;
  /** Why no comment can be written here, known before any request (a fork's read-only token). */
  readOnly?: string | undefined;
  /** The web address of a file at the head commit, at a line, where the provider has one. */
  blobUrl?: ((path: string, line?: number) => string | undefined) | undefined;
}

/** A comment already on the pull request. */
export interface PostedComment {
  id: string;
  body: string;
  /**
   * Who wrote it, as the provider's "who am I" names the token's user (GitHub's and GitLab's user id, Azure
   * DevOps' identity id, Bitbucket's uuid); undefined when the listing does not say.
   */
  author?: string | undefined;
  /** Azure: the thread the comment opens (its id is the comment's within it). */
  thread?: string;
}

/** Who the token writes as (`author`, as comments name theirs), or why the provider does not say. */
export type Identity = { author: string } | { unknown: string };

/** The comments API of one pull request: its "who am I", one listing pass and at most one write a run. */
export interface CommentApi {
  /** The token's user, from the provider's own answer: the gate's comments are the ones it wrote. */
  whoami(): Promise<Identity>;
  /** Every comment, oldest first, page after page. */
  list(): AsyncIterable<PostedComment>;
  create(body: string): Promise<void>;
  update(comment: PostedComment, body: string): Promise<void>;
  remove(comment: PostedComment): Promise<void>;
}

/**
 * One code host: how its CI names the pull request and the token, how long a comment may be, whether its
 * Markdown takes HTML (hidden comments, `<details>`), and its comments API.
 */
export interface Provider {
  name: ProviderName;
  /** `GitHub`, `GitLab`, `Azure DevOps`, `Bitbucket Cloud`. */
  title: string;
  /** The CI service's own: `GitHub Actions`... */
  ci: string;
  /** The longest comment, in characters (`--comment-max-chars` lowers or raises it where it can be set). */
  maxChars: number;
  /** The Markdown takes HTML: the marker is an HTML comment and long sections fold into `<details>`. */
  html: boolean;
  /** Whether the environment is this provider's CI. */
  here(env: NodeJS.ProcessEnv): boolean;
  /**
   * The pull request from the CI environment, or what is missing (`not a pull request: ...`). `number`
   * overrides the environment's (`--pull-request`). Reads files (GitHub's event) but sends nothing.
   */
  pullRequest(env: NodeJS.ProcessEnv, number?: number): Promise<PullRequest | { missing: string }>;
  /** What a token refused (401, 403) lacks, for the hint. */
  permission: string;
  comments(http: ProviderHttp, pr: PullRequest): CommentApi;
  /** The pull request's head commit as the provider has it now (to check a comment file is for it). */
  headOf?(http: ProviderHttp, pr: PullRequest): Promise<string | undefined>;
}
