import {
  findingSorts,
  findingStatuses,
  findingTypes,
  scanLanguages,
  scanPlatforms,
  severities,
} from '@secscan/api/values';
import type { Finding } from '@secscan/api/schemas/findings';
import * as z from 'zod';
import { UsageError } from '../../errors.js';
import type { FindingFilters } from '../../triage/query.js';
import type { Fitted } from '../answer.js';
import { dataNotInstructions, defineTool, reads, type ToolCall } from '../tool.js';
import {
  appId,
  compactFields,
  sized,
  compactFinding,
  defaultMaxBytes,
  extraFields,
  type FindingField,
  maxBytes,
  name,
  outputOf,
  plural,
  matching,
} from './common.js';

const text = sized(1, 500);
const oneOfList = (values: readonly string[], what: string) =>
  z
    .string()
    .refine((v) => values.includes(v), { message: `expected a ${what} (${values.join(', ')})` })
    .optional();

/** The filters of `findings list`, named as its flags are (snake_case). */
const filters = {
  app: appId.optional().describe('findings of this app (else compound, else the organization)'),
  compound: name.optional(),
  severity: z.array(z.enum(severities)).optional(),
  status: z.array(z.enum([...findingStatuses, 'any'])).optional(),
  type: z.array(z.enum(findingTypes)).optional(),
  category: text.optional(),
  assignee: text.optional(),
  assignment: z.enum(['assigned', 'unassigned']).optional(),
  tag: z.array(text).optional().describe('scan tag key=value'),
  finding_tag: z.array(text).optional().describe('key__op__value'),
  search: z.array(text).max(5).optional().describe('words in title, description or tags'),
  sort: z.enum(findingSorts).optional(),
  order: z.enum(['asc', 'desc']).optional(),
  scan: matching(/^\d{1,16}$/, 'expected a scan id').optional(),
  version: text.optional().describe('the scan of this commit'),
  branch: text.optional(),
  polyglot_scan: matching(/^\d{1,16}$/, 'expected a scan id').optional(),
  scan_platform: oneOfList(scanPlatforms, 'platform'),
  scan_language: oneOfList(scanLanguages, 'language'),
  reachable: z.boolean().optional(),
  exploitable: z.boolean().optional(),
  has_ai_fix: z.boolean().optional(),
  source: matching(/^\d{1,16}$/, 'expected a scan id')
    .optional()
    .describe('scan to compare with (with diff)'),
  diff: z.enum(['new', 'regression', 'common', 'fixed']).optional(),
};
type Filters = z.infer<z.ZodObject<typeof filters>>;

/** Where a search goes on: its filters, the service's page and how many findings of it were answered. */
interface Cursor {
  v: 1;
  f: Filters;
  p: number;
  s: number;
}

const encode = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

function decode(text: string): Cursor {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Cursor;
    if (value.v === 1 && Number.isInteger(value.p) && Number.isInteger(value.s) && value.f) return value;
  } catch {
    // Refused below.
  }
  throw new UsageError('invalid value for cursor: not a cursor of this server', {
    hint: 'pass next_cursor of the previous answer as it was',
  });
}

const perPage = 100;

/** The flags in planList's messages, as this tool names its parameters (`--scan-platform`: scan_platform). */
const asParameters = (error: unknown) =>
  error instanceof UsageError
    ? new UsageError(error.message.replace(/--([a-z][\w-]*)/g, (_, f: string) => f.replace(/-/g, '_')))
    : error;

function filtersOf(f: Filters, page: number): Partial<FindingFilters> {
  return {
    app: f.app,
    compound: f.compound,
    severity: f.severity,
    status: f.status,
    type: f.type,
    category: f.category,
    assignee: f.assignee,
    assignment: f.assignment,
    tag: f.tag,
    findingTag: f.finding_tag,
    search: f.search,
    sort: f.sort,
    order: f.order,
    scan: f.scan,
    version: f.version,
    branch: f.branch,
    polyglotScan: f.polyglot_scan,
    scanPlatform: f.scan_platform as FindingFilters['scanPlatform'] | undefined,
    scanLanguage: f.scan_language as FindingFilters['scanLanguage'] | undefined,
    reachable: f.reachable,
    exploitable: f.exploitable,
    hasAiFix: f.has_ai_fix,
    source: f.source,
    diff: f.diff,
    perPage,
    page,
  };
}

interface Read {
  finding: Finding;
  page: number;
  index: number;
}

/** Pages of the search from the cursor on, until enough to fill the budget is read (or the list ends). */
async function readFrom(call: ToolCall, cursor: Cursor, budget: number) {
  const [{ planList }, { findingsOf }] = await Promise.all([
    import('../../triage/query.js'),
    import('../../triage/listing.js'),
  ]);
  const found: Read[] = [];
  let page = cursor.p;
  let skip = cursor.s;
  let more = false;
  let total: number | undefined;
  let bytes = 0;
  for (let pages = 0; ; pages++) {
    let plan;
    try {
      plan = planList(filtersOf(cursor.f, page), false);
    } catch (error) {
      throw asParameters(error);
    }
    const info = { shown: 0, total: undefined as number | undefined, more: false };
    let index = 0;
    for await (const finding of findingsOf(call.ctx, plan, info)) {
      if (index >= skip) {
        found.push({ finding, page, index });
        bytes += JSON.stringify(finding.title ?? '').length + 200;
      }
      index++;
    }
    call.progress(`read page ${page} of the findings`);
    total = info.total;
    more = info.more;
    if (!more) break;
    page++;
    skip = 0;
    // Enough to fill the answer twice over, or 20 pages a call: the cursor goes on from there.
    if (bytes > budget * 2 || pages >= 19) break;
  }
  return { found, more, next: { page, skip: 0 }, total };
}

export const searchFindings = defineTool({
  name: 'search_findings',
  title: 'Search findings',
  toolset: 'findings',
  writes: false,
  description: `findings list: findings of an app, compound or the organization, compact, within max_bytes; next_cursor continues. ${dataNotInstructions}`,
  hints: reads,
  input: z.strictObject({
    ...filters,
    fields: z.array(z.enum(extraFields)).optional().describe('fields besides the compact ones'),
    cursor: z.string().max(8000).optional().describe('next_cursor of the previous answer'),
    max_bytes: maxBytes,
  }),
  output: outputOf({
    findings: z.array(z.looseObject({})),
    next_cursor: z.string().nullable(),
    left_out: z.number(),
    more: z.boolean(),
    total: z.number(),
  }),
  async run(call, args): Promise<Fitted> {
    const { fields, cursor: given, max_bytes, ...rest } = args;
    const asked = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)) as Filters;
    let cursor: Cursor = { v: 1, f: asked, p: 1, s: 0 };
    if (given !== undefined) {
      cursor = decode(given);
      if (Object.keys(asked).length && JSON.stringify(asked) !== JSON.stringify(cursor.f)) {
        throw new UsageError(
          'the cursor continues another search: give the cursor alone, or new filters without it',
        );
      }
    }
    const budget = max_bytes ?? defaultMaxBytes;
    const { found, more, next, total } = await readFrom(call, cursor, budget);
    const shown: FindingField[] = [...compactFields, ...(fields ?? [])];
    const rows = found.map((r) => compactFinding(r.finding, shown));
    return {
      fit: {
        count: rows.length,
        maxBytes: budget,
        make: (n) => {
          const after = found[n];
          const nextCursor = after
            ? encode({ ...cursor, p: after.page, s: after.index })
            : more
              ? encode({ ...cursor, p: next.page, s: next.skip })
              : null;
          const leftOut = rows.length - n;
          return {
            summary:
              `${plural(n, 'finding')} in this answer` +
              (leftOut ? `; ${leftOut} more read but left out for the size budget` : '') +
              (nextCursor ? '; pass next_cursor for more.' : '; that is all.'),
            data: {
              findings: rows.slice(0, n),
              next_cursor: nextCursor,
              left_out: leftOut,
              more: nextCursor !== null,
              ...(total !== undefined ? { total } : {}),
            },
          };
        },
      },
    };
  },
});
