import { count, duration, eta, perSecondText, RateWindow } from './rate.js';
import { sanitizeLine } from './sanitize.js';

export type LineStream = NodeJS.WritableStream & { columns?: number };

/** A part of a progress line: the first is always shown; the others give way, lowest `rank` first. */
export interface Part {
  text: string;
  rank: number;
}

const separator = ' · ';

/**
 * The parts joined, fitted to `width` characters: parts of the lowest rank are left out until the line
 * fits, then the first part is cut (with an ellipsis). Every part is our own text or sanitized.
 */
export function fit(parts: readonly Part[], width: number): string {
  const kept = [...parts];
  const line = () => kept.map((p) => p.text).join(separator);
  while (kept.length > 1 && line().length > width) {
    let lowest = 1;
    for (let i = 2; i < kept.length; i++) {
      if ((kept[i] as Part).rank < (kept[lowest] as Part).rank) lowest = i;
    }
    kept.splice(lowest, 1);
  }
  const text = line();
  return text.length <= width ? text : `${text.slice(0, Math.max(0, width - 1))}…`;
}

/**
 * One line of progress on a terminal (stderr), as ListingProgress and the whole-organization commands show
 * it: nothing for work done within `delayMs` (a second); then the line, redrawn a few times a second, fitted
 * to the terminal's width (one column short of it, so it never wraps) and cleared at the end. Whatever else
 * is written to the terminal meanwhile goes above it: `clear` before, `redraw` after.
 */
export class ProgressLine {
  private shown = false;
  private paused = false;
  private lastDraw = Number.NEGATIVE_INFINITY;
  readonly started: number;
  private readonly timer: ReturnType<typeof setInterval>;

  constructor(
    private readonly stream: LineStream,
    private readonly parts: (now: number) => Part[],
    readonly now: () => number = () => performance.now(),
    private readonly delayMs = 1000,
  ) {
    this.started = now();
    this.timer = setInterval(() => this.draw(), 250);
    this.timer.unref?.();
  }

  /** The line as it would be drawn now, at the terminal's width. */
  text(): string {
    return this.fitted(this.parts(this.now()));
  }

  private fitted(parts: readonly Part[]): string {
    const columns = this.stream.columns && this.stream.columns > 0 ? this.stream.columns : 80;
    return fit(parts, Math.max(1, columns - 1));
  }

  /** Something changed: drawn now, unless it was drawn within the last 100 ms. */
  update(): void {
    if (this.now() - this.lastDraw >= 100) this.draw();
  }

  draw(): void {
    if (this.paused) return;
    const now = this.now();
    // Read even while nothing shows: the rates are of the samples taken from the start.
    const parts = this.parts(now);
    if (now - this.started < this.delayMs) return;
    this.lastDraw = now;
    this.stream.write(`\r\u001b[2K${this.fitted(parts)}`);
    this.shown = true;
  }

  /** Clears the line (before other text is written to the same terminal). */
  clear(): void {
    if (this.shown) this.stream.write('\r\u001b[2K');
    this.shown = false;
  }

  /** Draws it again (after other text was written), when it is not paused. */
  redraw(): void {
    this.draw();
  }

  /** No more drawing: a pager holds the terminal. */
  pause(): void {
    this.clear();
    this.paused = true;
  }

  /** The work is over: the line is cleared, for good. */
  stop(): void {
    clearInterval(this.timer);
    this.clear();
    this.paused = true;
  }
}

/** "3s", "1m05s": the time since `started`. */
export const elapsed = (started: number, now: number): string => duration(Math.floor((now - started) / 1000));

/**
 * What the client's scheduler counts as a fan-out runs (src/api/scheduler.ts): read by the line, never
 * written. Times are on the wall clock (Date.now).
 */
export interface WorkCounts {
  /** Requests started. */
  readonly requests: number;
  /** Rounds of work begun (each `map` of the scheduler is one: the apps, then their scans). */
  readonly phase: number;
  /** Items of the current round done, and given. */
  readonly done: number;
  readonly total: number;
  /** No request starts before this time (a Retry-After, a spent window, a backoff); 0 when none. */
  readonly waitUntil: number;
  /** When the service last throttled a request (429, 503); 0 when it has not. */
  readonly throttledAt: number;
}

/** How long after a throttled answer the line still says so. */
const throttledShownMs = 3000;

/**
 * The parts of the progress line of a whole-organization command:
 * `Counting findings: 1,234 of 5,000 apps · 1,251 requests · 49.8/s · ETA 1m15s · throttled, waiting 2s`.
 * `units`: what the items of each round are, singular (`app`, then `scan`; the last serves the rounds after).
 */
export function workParts(label: string, units: readonly string[]) {
  const requests = new RateWindow();
  const items = new RateWindow();
  let phase = -1;
  const title = sanitizeLine(label, 200);
  return (c: WorkCounts, now: number): Part[] => {
    if (c.phase !== phase) {
      // A new round: its items' rate starts afresh (the requests' goes on).
      phase = c.phase;
      items.reset();
    }
    requests.add(now, c.requests);
    items.add(now, c.done);
    const unit = units[Math.min(Math.max(0, c.phase - 1), units.length - 1)] ?? 'item';
    const parts: Part[] = [
      {
        text:
          c.phase > 0
            ? `${title}: ${count(c.done)} of ${count(c.total)} ${unit}${c.total === 1 ? '' : 's'}`
            : title,
        rank: 9,
      },
      { text: `${count(c.requests)} request${c.requests === 1 ? '' : 's'}`, rank: 1 },
      { text: perSecondText(requests.perSecond()), rank: 2 },
    ];
    if (c.phase > 0) parts.push({ text: `ETA ${eta(c.total - c.done, items.perSecond())}`, rank: 4 });
    if (c.waitUntil > now) {
      parts.push({ text: `throttled, waiting ${duration(Math.ceil((c.waitUntil - now) / 1000))}`, rank: 3 });
    } else if (c.throttledAt > 0 && now - c.throttledAt < throttledShownMs) {
      parts.push({ text: 'throttled', rank: 3 });
    }
    return parts;
  };
}

/** What a progress line of work reads: the scheduler (its counts, and a hook told when they change). */
export interface WorkSource {
  readonly counts: WorkCounts;
  onChange: (() => void) | undefined;
}

/** The progress line of a whole-organization command, drawn from `source`'s counts as they change. */
export function workLine(
  stream: LineStream,
  label: string,
  units: readonly string[],
  source: WorkSource,
  now: () => number = Date.now,
): ProgressLine {
  const parts = workParts(label, units);
  const line = new ProgressLine(stream, (t) => parts(source.counts, t), now);
  source.onChange = () => line.update();
  return line;
}
