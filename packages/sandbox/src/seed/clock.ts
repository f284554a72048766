import { SandboxError } from '../errors.js';
import type { SandboxState } from '../state.js';

/**
 * The seeded dates are written for a sandbox started on 2026-09-20 (UTC): the newest scans the day before,
 * half a year of weekly scans behind them. A sandbox started on another day (or given `--now`) moves them all
 * by whole days, so its demo never ages: the same seed gives the same data, the same days before it starts.
 * Users and tokens keep their own dates (the tokens are signed with them).
 */
export const referenceDay = Date.UTC(2026, 8, 20);
const day = 86_400_000;

/** The environment variable that gives `--now` where the flag is not: a demo or a test on a fixed day. */
export const nowVariable = 'SECSCAN_SANDBOX_NOW';

/** The start of the UTC day of `now`. */
export function dayOf(now: number): number {
  return Math.floor(now / day) * day;
}

/** `2026-11-28` or an ISO date-time with a zone (`2026-11-28T09:00:00Z`), from 2000 to 2099; else a usage error. */
export function parseNow(flag: string, value: string | number | undefined): number | undefined {
  if (value === undefined) return undefined;
  const text = String(value).trim();
  const iso =
    /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/.exec(text);
  const ms = iso ? Date.parse(iso[4] === undefined ? `${text}T00:00:00Z` : text) : Number.NaN;
  // Date.parse takes 2026-02-30 for 2026-03-02: the day must read back as it was written.
  const exact = iso !== null && Number.isFinite(ms) && sameDay(iso, ms);
  if (!exact || ms < Date.UTC(2000, 0, 1) || ms >= Date.UTC(2100, 0, 1)) {
    throw new SandboxError(
      'usage',
      `invalid value for ${flag}: ${JSON.stringify(String(value))} (expected a date from 2000 to 2099, e.g. 2026-11-28 or 2026-11-28T09:00:00Z)`,
    );
  }
  return ms;
}

function sameDay(iso: RegExpExecArray, ms: number): boolean {
  if (iso[7] !== undefined && iso[7] !== 'Z') return true; // an offset moves the day; the parse checked it
  const d = new Date(ms);
  return (
    d.getUTCFullYear() === Number(iso[1]) &&
    d.getUTCMonth() + 1 === Number(iso[2]) &&
    d.getUTCDate() === Number(iso[3])
  );
}

/** The whole days to move the seeded dates by for a sandbox started at `now`. */
export function dayShift(now: number): number {
  return dayOf(now) - referenceDay;
}

/** The shift of a state's seeded dates (a state seeded before dates moved has none). */
export function stateShift(state: Pick<SandboxState, 'seededDay'>): number {
  const seeded = state.seededDay === undefined ? Number.NaN : Date.parse(`${state.seededDay}T00:00:00Z`);
  return Number.isFinite(seeded) ? seeded - referenceDay : 0;
}

const moved = (text: string, by: number) => new Date(Date.parse(text) + by).toISOString();

function move<T extends object>(record: T, keys: readonly (keyof T)[], by: number): void {
  for (const key of keys) {
    const value = record[key];
    if (typeof value === 'string') (record as Record<keyof T, unknown>)[key] = moved(value, by);
  }
}

/** Moves the dates of scans and findings (the seed's and the generated apps'). */
export function shiftAnalysis(
  section: Pick<SandboxState['analysis'], 'scans' | 'findings'> &
    Partial<Pick<SandboxState['analysis'], 'comments' | 'polyglotScans'>>,
  by: number,
): void {
  if (by === 0) return;
  for (const s of section.scans) move(s, ['started_at', 'completed_at'], by);
  for (const f of section.findings) move(f, ['created_at'], by);
  for (const c of section.comments ?? []) move(c, ['created_at'], by);
  for (const p of section.polyglotScans ?? []) move(p, ['started_at', 'completed_at'], by);
}

/** Moves every seeded date of a state but the users' and tokens' by `by` milliseconds (whole days). */
export function shiftState(state: SandboxState, by: number): void {
  if (by === 0) return;
  shiftAnalysis(state.analysis, by);
  for (const f of state.analyzeFailures) move(f, ['created_at'], by);
  for (const b of state.backups) move(b, ['created_at', 'completed_at'], by);
  for (const e of state.audit) move(e, ['at'], by);
  for (const s of state.savedSearches) move(s, ['updated_at'], by);
}
