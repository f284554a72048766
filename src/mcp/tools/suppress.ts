import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import * as z from 'zod';
import { ConfigError, UsageError } from '../../errors.js';
import type { IgnoreFile } from '../../ignores/file.js';
import { safeJson } from '../../streams/sanitize.js';
import { writeFileAtomic } from '../../util/durable.js';
import type { Shaped } from '../answer.js';
import { defineTool } from '../tool.js';
import { appId, confirm, cut, findingIdArg, outputOf, sized, matching } from './common.js';

interface Proposed {
  id: string;
  app: string;
  reason: string;
  owner: string;
  expires: string;
}

/** An entry as YAML lines after `indent`: every string double-quoted JSON (a YAML scalar), escaped. */
function entryText(entry: Proposed, indent: string): string {
  const pad = `${indent}  `;
  return [
    `${indent}- id: ${entry.id}`,
    `${pad}app: ${safeJson(entry.app)}`,
    `${pad}reason: ${safeJson(entry.reason)}`,
    `${pad}owner: ${safeJson(entry.owner)}`,
    `${pad}expires: ${entry.expires}`,
    '',
  ].join('\n');
}

/** The file with the entry appended as text, when its list is a block list at its end; else undefined. */
function appended(text: string, entry: Proposed): string | undefined {
  if (text.trim() === '') return `ignores:\n${entryText(entry, '  ')}`;
  const lines = text.split('\n');
  const start = lines.findIndex((l) => /^ignores:\s*(#.*)?$/.test(l));
  if (start < 0) return undefined;
  // Nothing after the list but its items (indented) and comments.
  if (lines.slice(start + 1).some((l) => /^\S/.test(l) && !l.startsWith('#') && !/^- /.test(l)))
    return undefined;
  const item = lines.slice(start + 1).find((l) => /^\s*- /.test(l));
  const indent = item ? (/^(\s*)- /.exec(item)?.[1] ?? '  ') : '  ';
  return `${text.endsWith('\n') ? text : `${text}\n`}${entryText(entry, indent)}`;
}

/** Reads back what would be written: it must be the file as it was with this one entry more. */
async function verified(
  text: string,
  label: string,
  before: number,
  entry: Proposed,
): Promise<IgnoreFile | undefined> {
  const { readIgnoreText } = await import('../../ignores/load.js');
  const file = await readIgnoreText(text, label).catch(() => undefined);
  const last = file?.entries.at(-1);
  const same =
    file?.entries.length === before + 1 &&
    last?.id === entry.id &&
    last.app === entry.app &&
    last.reason === entry.reason &&
    last.owner === entry.owner &&
    last.expires === entry.expires;
  return same ? file : undefined;
}

/** The new text: appended when the file allows it, else through the yaml package's document (comments kept). */
async function withEntry(text: string, label: string, before: number, entry: Proposed): Promise<string> {
  const plain = appended(text, entry);
  if (plain !== undefined && (await verified(plain, label, before, entry))) return plain;
  const { parseDocument } = await import('yaml');
  const doc = parseDocument(text);
  doc.addIn(['ignores'], {
    id: Number(entry.id),
    app: entry.app,
    reason: entry.reason,
    owner: entry.owner,
    expires: entry.expires,
  });
  const edited = String(doc);
  if (await verified(edited, label, before, entry)) return edited;
  throw new ConfigError(
    `${label}: an entry cannot be added to this file as it is written; nothing was written`,
    {
      hint: 'add the entry of the dry run by hand',
    },
  );
}

export const proposeSuppression = defineTool({
  name: 'propose_suppression',
  title: 'Propose a suppression in the ignore file',
  toolset: 'triage',
  writes: true,
  description: `Adds an entry (id, app, reason, owner, expiry) to the workspace’s .secscan/ignore.yml for review as code; not to the service. A dry run unless confirm is true.`,
  hints: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  input: z.strictObject({
    app: appId,
    id: findingIdArg,
    reason: sized(3, 500).describe('why the risk is accepted'),
    owner: sized(1, 200).describe('who answers for it'),
    expires: matching(/^\d{4}-\d\d-\d\d$/, 'expected YYYY-MM-DD')
      .optional()
      .describe('default in 90 days'),
    confirm,
  }),
  output: outputOf({
    dry_run: z.boolean(),
    file: z.string(),
    entry: z.looseObject({}),
    written: z.boolean(),
    finding: z.looseObject({}),
    already: z.looseObject({}),
  }),
  async run({ ctx, workspace }, args): Promise<Shaped> {
    const [{ today, addDays }, { isCalendarDate }, { findIgnoreFile, ignoreFileName }] = await Promise.all([
      import('../../util/today.js'),
      import('../../ignores/file.js'),
      import('../../ignores/discover.js'),
    ]);
    const now = today(ctx.env);
    const expires = args.expires ?? addDays(now, 90);
    if (!isCalendarDate(expires) || expires <= now) {
      throw new UsageError(`invalid value for expires: ${expires} is not a day after today (${now})`);
    }
    const client = await ctx.client();
    const finding = await client.call('ReadAppFinding', { path: { appID: args.app, findingID: args.id } });
    const found = findIgnoreFile(workspace);
    const path = found === undefined ? join(workspace, ignoreFileName) : join(workspace, found);
    const label = relative(workspace, path) || path;
    const text = existsSync(path) ? readFileSync(path, 'utf8') : '';
    const { readIgnoreText } = await import('../../ignores/load.js');
    const current = text.trim() === '' ? { path: label, entries: [] } : await readIgnoreText(text, label);
    const entry: Proposed = { id: args.id, app: args.app, reason: args.reason, owner: args.owner, expires };
    const about = {
      id: finding.id,
      app: args.app,
      title: cut(finding.title, 200),
      severity: finding.severity,
    };
    const already = current.entries.find((e) => e.id === entry.id && e.app === entry.app);
    if (already) {
      return {
        summary: `The ignore file already names this finding (line ${already.line}): nothing to add.`,
        data: {
          dry_run: args.confirm !== true,
          file: label,
          written: false,
          finding: about,
          already: { line: already.line, reason: already.reason },
        },
      };
    }
    const next = await withEntry(text, label, current.entries.length, entry);
    const shown = { ...entry };
    if (args.confirm !== true) {
      return {
        summary: `Dry run: the entry that would be added to ${label}; nothing was written. Call again with confirm: true to write it.`,
        data: { dry_run: true, file: label, entry: shown, written: false, finding: about },
      };
    }
    mkdirSync(dirname(path), { recursive: true });
    await writeFileAtomic(path, next);
    return {
      summary: `Added the entry to ${label}: review and commit it like code (it suppresses nothing in the service).`,
      data: { dry_run: false, file: label, entry: shown, written: true, finding: about },
    };
  },
});
