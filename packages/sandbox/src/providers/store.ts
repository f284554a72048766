import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { Reply } from '../http.js';

/**
 * Stand-ins of the comment APIs of four code hosts (GitHub, GitLab, Azure DevOps, Bitbucket Cloud), so a
 * pull-request comment can be tested end to end offline: comments per pull request, kept while the
 * sandbox runs; tokens that may write and tokens that may only read; pages; each host's size limit; and,
 * when asked, a rate limit (GitHub's secondary limit: a 403 with Retry-After).
 */
export const standInNames = ['github', 'gitlab', 'azure', 'bitbucket'] as const;
export type StandInName = (typeof standInNames)[number];

/** The tokens each stand-in takes: one may write comments, one may only read them. */
export const standInTokens: Record<StandInName, { write: string; read: string }> = {
  github: { write: 'ghs_sandboxWriteToken', read: 'ghs_sandboxReadToken' },
  gitlab: { write: 'glpat-sandbox-write', read: 'glpat-sandbox-read' },
  azure: { write: 'azure-sandbox-write', read: 'azure-sandbox-read' },
  bitbucket: { write: 'bitbucket-sandbox-write', read: 'bitbucket-sandbox-read' },
};

/**
 * The account each stand-in's two tokens are (the one that may write and the one that may only read): what
 * its "who am I" answers and who the comments they write are by.
 */
export const standInAccounts: Record<StandInName, string> = {
  github: 'github-actions[bot]',
  gitlab: 'project_1_bot',
  azure: 'Project Collection Build Service (acme)',
  bitbucket: 'secscan-bot',
};

/** An account's ids, from its name, the same in every sandbox: a number (GitHub, GitLab) and a GUID. */
export function accountIds(name: string): { number: number; guid: string } {
  const hex = createHash('sha256').update(name).digest('hex');
  const guid = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  return { number: 1000 + parseInt(hex.slice(0, 7), 16), guid };
}

/** The longest comment each host takes, in characters (Bitbucket Cloud's is the sandbox's choice). */
export const defaultMaxChars: Record<StandInName, number> = {
  github: 65_536,
  gitlab: 1_000_000,
  azure: 150_000,
  bitbucket: 32_768,
};

export interface StandInComment {
  id: number;
  body: string;
  /** The account's name (`standInAccounts`, or a reviewer's the control route added). */
  author: string;
  created: string;
  updated: string;
  deleted?: boolean;
}

/** A pull request: its head commit and its comments (Azure DevOps: threads of comments). */
export interface StandInPull {
  headSha: string;
  comments: StandInComment[];
  threads: { id: number; comments: StandInComment[]; deleted?: boolean }[];
}

export interface StandInRequest {
  provider: StandInName;
  method: string;
  path: string;
  status: number;
}

/** After `after` more writes, the next write is refused once for `retryAfter` seconds. */
export interface RateLimitSetting {
  after: number;
  retryAfter: number;
}

export interface StandInRequestContext {
  method: string;
  /** The path under the stand-in's prefix, e.g. `/repos/o/r/issues/1/comments`. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
  /** The stand-in's base address (scheme, host and prefix): where its links point. */
  base: string;
}

export class StandIns {
  private readonly pulls = new Map<string, StandInPull>();
  private nextId = 1;
  readonly requests: StandInRequest[] = [];
  readonly maxChars: Record<StandInName, number> = { ...defaultMaxChars };
  readonly limits: Partial<Record<StandInName, RateLimitSetting>> = {};
  /** Stand-ins that do not say who a token is (as Bitbucket refuses GET /user to a repository access token). */
  readonly anonymous = new Set<StandInName>();

  pull(provider: StandInName, repository: string, number: number): StandInPull {
    const key = `${provider}\u0000${repository}\u0000${number}`;
    let pull = this.pulls.get(key);
    if (!pull) {
      pull = { headSha: '0'.repeat(40), comments: [], threads: [] };
      this.pulls.set(key, pull);
    }
    return pull;
  }

  /** A comment of any pull request of the repository, by id (GitHub and Bitbucket address it so). */
  find(
    provider: StandInName,
    repository: string,
    id: number,
  ): { pull: StandInPull; comment: StandInComment } | undefined {
    const prefix = `${provider}\u0000${repository}\u0000`;
    for (const [key, pull] of this.pulls) {
      if (!key.startsWith(prefix)) continue;
      const comment = pull.comments.find((c) => c.id === id && !c.deleted);
      if (comment) return { pull, comment };
    }
    return undefined;
  }

  id(): number {
    return this.nextId++;
  }

  comment(body: string, author: string): StandInComment {
    const now = new Date().toISOString();
    return { id: this.id(), body, author, created: now, updated: now };
  }

  /** A write that the rate limit refuses: its reply (once), else undefined and the count goes down. */
  limited(provider: StandInName): Reply | undefined {
    const limit = this.limits[provider];
    if (!limit) return undefined;
    if (limit.after > 0) {
      limit.after--;
      return undefined;
    }
    delete this.limits[provider];
    const headers = { 'retry-after': String(limit.retryAfter) };
    if (provider === 'github') {
      return {
        status: 403,
        headers,
        body: {
          message:
            'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
          documentation_url: 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api',
        },
      };
    }
    return { status: 429, headers, body: { message: 'Too Many Requests' } };
  }
}

/** The token of a request: `Authorization: Bearer T` (or `token T`), or GitLab's `PRIVATE-TOKEN`. */
export function tokenOf(headers: IncomingHttpHeaders): string | undefined {
  const private_ = headers['private-token'];
  if (typeof private_ === 'string' && private_) return private_;
  const auth = headers.authorization;
  return typeof auth === 'string' ? /^(?:Bearer|token)\s+(\S+)$/i.exec(auth)?.[1] : undefined;
}

/** Whether the request's token may read, write, or neither, on this stand-in. */
export function access(provider: StandInName, headers: IncomingHttpHeaders): 'write' | 'read' | undefined {
  const token = tokenOf(headers);
  const tokens = standInTokens[provider];
  return token === tokens.write ? 'write' : token === tokens.read ? 'read' : undefined;
}

/** A page of `items` by `page` (from 1) and `perPage`. */
export function pageOf<T>(items: T[], page: number, perPage: number): { items: T[]; last: number } {
  const last = Math.max(1, Math.ceil(items.length / perPage));
  return { items: items.slice((page - 1) * perPage, page * perPage), last };
}

/** A whole number query parameter within bounds, else the default. */
export function intParam(query: URLSearchParams, name: string, fallback: number, max: number): number {
  const value = Number(query.get(name));
  return Number.isInteger(value) && value >= 1 ? Math.min(value, max) : fallback;
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Reply {
  return { status, body, headers };
}

/** The JSON body of a write, or undefined when it is not an object. */
export function bodyOf(raw: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
