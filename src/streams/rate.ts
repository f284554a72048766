/**
 * The figures a progress line shows, shared by the download bar (progress.ts) and the progress line of
 * listings and whole-organization commands (progress-line.ts): a time left, a rate over the last few
 * seconds, counts as a person reads them.
 */

/** 75 -> "1m15s", 4000 -> "1h06m"; "--" when not known. */
export function duration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '--';
  const s = Math.round(seconds);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

/** 1234 -> "1,234". */
export const count = (n: number): string => n.toLocaleString('en-US');

/**
 * A rate over the last `windowMs` (a few seconds): a pause (throttling, a slow page) shows in it soon, and
 * a resume after one does not drag the estimate for long.
 */
export class RateWindow {
  private samples: [number, number][] = [];

  constructor(private readonly windowMs = 3000) {}

  /** The running total `value` at time `at` (milliseconds, any clock that only goes forward). */
  add(at: number, value: number): void {
    const last = this.samples[this.samples.length - 1];
    if (last && last[0] === at) last[1] = value;
    else this.samples.push([at, value]);
    // One sample at or before the window's start is kept, so the window spans all of it.
    while (this.samples.length > 2 && (this.samples[1] as [number, number])[0] <= at - this.windowMs) {
      this.samples.shift();
    }
  }

  /** Starts afresh (a new round of work). */
  reset(): void {
    this.samples = [];
  }

  /**
   * Per second over the window; undefined until the samples span `minMs` (a rate read off a fraction of a
   * second is noise).
   */
  perSecond(minMs = 1000): number | undefined {
    const first = this.samples[0];
    const last = this.samples[this.samples.length - 1];
    if (!first || !last || last[0] - first[0] < minMs) return undefined;
    return ((last[1] - first[1]) / (last[0] - first[0])) * 1000;
  }
}

/** "49.8/s", "4/s", "0.2/s"; "--/s" when not known. */
export function perSecondText(rate: number | undefined): string {
  if (rate === undefined || !Number.isFinite(rate)) return '--/s';
  return `${rate >= 100 ? Math.round(rate) : rate.toFixed(1)}/s`;
}

/** The time left for `remaining` at `rate` per second: "--" until the rate is known (and above zero). */
export function eta(remaining: number, rate: number | undefined): string {
  if (remaining <= 0) return '0s';
  return rate === undefined || rate <= 0 ? '--' : duration(remaining / rate);
}
