import type { PayloadOf } from '@secscan/api/operations/schemas';
import type { AutofixFix } from '@secscan/api/schemas/autofix';
import { createHash } from 'node:crypto';
import type { SandboxState } from '../state.js';
import { codeLanguage, codeSnippets, fenceLanguage } from './code.js';
import { findingTemplates } from './catalog.js';
import type { FindingRecord, FixRecord } from '../model/analysis.js';
import { codePlace, declaration, demoSources, manifestPlace, type SourceFile } from './sources.js';

/**
 * AutoFix as the vendor's clients see it: asked for a finding's fix (RequestFindingFix), it is `pending`,
 * then `ready` once the sandbox's delay has passed (`--autofix-delay`), and then shows as a unified patch of
 * the demo sources (ListBranchFixes) and as the finding's recommended fix, in markdown, a section per change.
 */

type Change = FixRecord['changes'][number];

/** The template a finding was made from (its `internal_id` starts with the template's key). */
function templateOf(f: FindingRecord) {
  const key = f.internal_id.split('/')[0];
  return findingTemplates.find((t) => t.key === key);
}

/** The change AutoFix makes for a finding, or undefined where it has none (a finding of another kind). */
export function fixChange(state: SandboxState, f: FindingRecord): Change | undefined {
  if (!f.has_ai_fix) return undefined;
  const code = codePlace(f);
  if (code) {
    const language = codeLanguage(f.tags.find((t) => t.key === 'language')?.value ?? 'java');
    const snippet = codeSnippets[f.internal_id.split('/')[0] as string]?.[language];
    if (!snippet) return undefined;
    return {
      title: snippet.change,
      file: code.file,
      from: code.sink,
      until: code.sink,
      lines: snippet.fixed,
    };
  }
  const place = manifestPlace(f);
  const dep = f.dependency;
  if (!place || !dep?.fixed_in) return undefined;
  return {
    title: `Upgrade the package to ${dep.fixed_in}`,
    file: place.file,
    from: place.line,
    until: place.line,
    lines: [declaration(place.file, dep.purl, dep.fixed_in)],
  };
}

const context = 3;

/** The unified diff (`git diff` form, three lines of context) of changes to one file. */
function fileDiff(file: SourceFile, changes: readonly Change[]): string {
  const old = file.content.replace(/\n$/, '').split('\n');
  const sorted = [...changes].sort((a, b) => a.from - b.from);
  // Changes whose context meets go in one hunk.
  const hunks: Change[][] = [];
  for (const c of sorted) {
    const last = hunks.at(-1);
    const previous = last?.at(-1);
    if (last && previous && c.from - previous.until <= 2 * context + 1) last.push(c);
    else hunks.push([c]);
  }
  const out = [`diff --git a/${file.path} b/${file.path}`, `--- a/${file.path}`, `+++ b/${file.path}`];
  let shift = 0;
  for (const hunk of hunks) {
    const first = hunk[0] as Change;
    const lastChange = hunk.at(-1) as Change;
    const start = Math.max(1, first.from - context);
    const end = Math.min(old.length, lastChange.until + context);
    const body: string[] = [];
    let line = start;
    let added = 0;
    for (const c of hunk) {
      for (; line < c.from; line++) body.push(` ${old[line - 1]}`);
      for (; line <= c.until; line++) body.push(`-${old[line - 1]}`);
      for (const text of c.lines) body.push(`+${text}`);
      added += c.lines.length - (c.until - c.from + 1);
    }
    for (; line <= end; line++) body.push(` ${old[line - 1]}`);
    const oldCount = end - start + 1;
    out.push(`@@ -${start},${oldCount} +${start + shift},${oldCount + added} @@`, ...body);
    shift += added;
  }
  return `${out.join('\n')}\n`;
}

/** The patch of changes against the app's demo sources (each change's file must be one of them). */
export function unifiedPatch(sources: readonly SourceFile[], changes: readonly Change[]): string {
  const files = [...new Set(changes.map((c) => c.file))].sort();
  return files
    .map((path) => {
      const file = sources.find((s) => s.path === path) as SourceFile;
      return fileDiff(
        file,
        changes.filter((c) => c.file === path),
      );
    })
    .join('');
}

/** The branch a finding's fix is for: that of the latest completed scan holding it, the default one first. */
function branchOf(state: SandboxState, f: FindingRecord): string {
  const app = state.apps.find((a) => a.id === f.app);
  const holding = state.analysis.scans
    .filter((s) => s.app === f.app && s.status === 'completed' && s.finding_ids.includes(f.id))
    .sort((a, b) => b.started_at.localeCompare(a.started_at));
  const onDefault = holding.find((s) => s.branch === app?.base_branch);
  return (onDefault ?? holding[0])?.branch ?? app?.base_branch ?? 'main';
}

/**
 * The fix of a finding, asked for at `now`: the one asked for before, else a new one, ready `delayMs` later
 * (undefined where AutoFix has no fix for the finding).
 */
export function requestFix(
  state: SandboxState,
  f: FindingRecord,
  delayMs: number,
  now: number,
): FixRecord | undefined {
  const fixes = (state.analysis.fixes ??= []);
  const known = fixes.find((x) => x.app === f.app && x.finding_id === f.id);
  if (known) return known;
  const change = fixChange(state, f);
  if (!change) return undefined;
  const sources = demoSources(state, f.app);
  if (!sources.some((s) => s.path === change.file)) return undefined;
  const record: FixRecord = {
    finding_id: f.id,
    app: f.app,
    branch: branchOf(state, f),
    fingerprint: createHash('sha256').update(f.internal_id).digest('hex').slice(0, 32),
    rule: templateOf(f)?.key ?? f.category,
    requested_at: new Date(now).toISOString(),
    ready_at: new Date(now + delayMs).toISOString(),
    unified_patch: unifiedPatch(sources, [change]),
    changes: [change],
  };
  fixes.push(record);
  return record;
}

export function isReady(fix: FixRecord, now: number): boolean {
  return Date.parse(fix.ready_at) <= now;
}

/** A fix as the vendor's clients read it: the patch only once it is ready. */
export function apiFix(fix: FixRecord, now: number): PayloadOf<typeof AutofixFix> {
  const ready = isReady(fix, now);
  return {
    finding_id: fix.finding_id,
    fingerprint: fix.fingerprint,
    rule: fix.rule,
    status: ready ? 'ready' : 'pending',
    branch: fix.branch,
    ...(ready ? { unified_patch: fix.unified_patch } : {}),
  };
}

/**
 * The recommended fix once AutoFix made it, as the service writes it: the advice, then a section per change,
 * its heading ending `from file <path>, lines <a> until <b>`, followed by a fenced block of what replaces
 * those lines.
 */
export function fixMarkdown(fix: FixRecord, advice: string): string {
  const sections = fix.changes.map((c, i) => {
    const fence = c.lines.some((l) => l.includes('```')) ? '~~~~' : '```';
    return [
      `### Change ${i + 1}: ${c.title} from file ${c.file}, lines ${c.from} until ${c.until}`,
      '',
      `${fence}${fenceLanguage(c.file)}`,
      ...c.lines,
      fence,
    ].join('\n');
  });
  return [`## AutoFix`, '', advice, '', ...sections.flatMap((s) => [s, ''])].join('\n');
}

/** Every pending fix is ready now (the control route `POST /_sandbox/fixes/complete`); how many were. */
export function completeFixes(state: SandboxState, now: number): number {
  let done = 0;
  for (const fix of state.analysis.fixes ?? []) {
    if (isReady(fix, now)) continue;
    fix.ready_at = new Date(now).toISOString();
    done++;
  }
  return done;
}
