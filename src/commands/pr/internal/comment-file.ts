import * as z from 'zod';
import { ConfigError } from '../../../errors.js';
import type { CommentFile } from '../../shared/pr-comment.js';

const Text = z.string().max(100_000);
const Finding = z.strictObject({
  id: Text,
  app: Text,
  severity: Text,
  title: Text,
  file: Text.optional(),
  line: z.number().int().positive().optional(),
  rules: z.array(Text).max(1000).optional(),
  reason: Text.optional(),
  expires: Text.optional(),
  entry: Text.optional(),
});
const Count = z.number().int().nonnegative();
const Rule = z.strictObject({
  rule: Text,
  matched: Count,
  reachable: Count,
  threshold: Count,
  over: Count,
  result: z.enum(['pass', 'fail']),
  suppressed: Count.optional(),
});

/** The comment file as `scans check --comment` writes it; anything else is refused (exit 3). */
const File = z.strictObject({
  secscan: z.literal('pr-comment'),
  version: z.literal(1),
  pull_request: z.strictObject({
    provider: z.enum(['github', 'gitlab', 'azure', 'bitbucket']),
    repository: Text.min(1),
    number: z.number().int().positive(),
    head_sha: Text.nullable(),
  }),
  comment: z.strictObject({
    compound: Text.min(1),
    evaluated: z.boolean(),
    passed: z.boolean(),
    enforced: z.boolean(),
    kind: z.enum(['single', 'diff']),
    policy: Text,
    target: z.number().int().nonnegative().nullable(),
    baseline: Text,
    rules: z.array(Rule).max(10_000),
    findings: z.array(Finding).max(100_000),
    unlisted: Count,
    fixed: z.array(Finding).max(100_000).nullable(),
    suppressed: z.array(Finding).max(100_000),
    error: z.strictObject({ message: Text, hint: Text.optional(), exitCode: z.number().int() }).optional(),
    scanUrl: z.url({ protocol: /^https?$/ }).optional(),
    toolVersion: Text,
  }),
});

/** Reads a comment file: JSON of the shape above, every text short enough, or exit 3 naming the problem. */
export function readCommentFile(text: string, path: string): CommentFile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`${path}: not JSON: ${(error as Error).message}`);
  }
  const parsed = File.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(
      `${path}: not a secscan comment file: ${issue?.path.join('.') || '(top)'}: ${issue?.message ?? 'invalid'}`,
      { hint: 'it is written by `secscan scans check --comment` when the comment cannot be posted' },
    );
  }
  return parsed.data as CommentFile;
}

/**
 * The hosts a comment may link the scan to as "in the service": the configured service's (its base URL's
 * origin) and the one `SECSCAN_SCAN_URL` names in the posting job, which its owner set.
 */
export function serviceOrigins(baseUrl: string, scanUrlTemplate: string | undefined): string[] {
  const origins = [new URL(baseUrl).origin];
  const template = scanUrlTemplate?.trim();
  if (template) {
    try {
      const filled = template.replace(/\{base\}/g, baseUrl).replace(/\{(org|compound|scan)\}/g, 'x');
      const url = new URL(filled);
      if (url.protocol === 'https:' || url.protocol === 'http:') origins.push(url.origin);
    } catch {
      // Not a URL: it names no host.
    }
  }
  return [...new Set(origins)];
}

/**
 * The file's link to the scan, kept only on one of the service's own hosts, without credentials: the file
 * comes from a run the posting job does not trust (a fork's), and the comment calls it "in the service".
 * Otherwise the comment has no link, and `dropped` says where it pointed.
 */
export function serviceLink(
  scanUrl: string | undefined,
  origins: readonly string[],
): { scanUrl?: string; dropped?: string } {
  if (scanUrl === undefined) return {};
  let url: URL;
  try {
    url = new URL(scanUrl);
  } catch {
    return { dropped: 'an address that is not a URL' };
  }
  if (!origins.includes(url.origin)) return { dropped: url.origin };
  if (url.username || url.password) return { dropped: `${url.origin} with credentials` };
  return { scanUrl };
}
