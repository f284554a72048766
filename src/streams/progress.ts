import { duration, RateWindow } from './rate.js';

/** A progress bar on a terminal (stderr): bytes, share, rate and time left, redrawn at most ten times a second. */
export interface Progress {
  update(bytes: number, total: number | undefined): void;
  /** Clears the line (the summary is a notice of its own). */
  done(): void;
}

const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];

/** 1536 -> "1.5 KiB". */
export function humanBytes(n: number): string {
  let value = n;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${n} B` : `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

export function progressBar(
  stream: NodeJS.WritableStream & { columns?: number },
  label: string,
  now: () => number = () => performance.now(),
): Progress {
  const started = now();
  let last = 0;
  let shown = false;
  // The rate over the last few seconds, so a resume after a pause does not drag the estimate for long.
  const window = new RateWindow();
  const draw = (bytes: number, total: number | undefined, t: number) => {
    window.add(t, bytes);
    const rate = window.perSecond(200) ?? (bytes / Math.max(1, t - started)) * 1000;
    const columns = stream.columns && stream.columns > 20 ? stream.columns : 80;
    const figures = total
      ? `${Math.floor((bytes / total) * 100)
          .toString()
          .padStart(
            3,
          )}% ${humanBytes(bytes)} of ${humanBytes(total)}  ${humanBytes(rate)}/s  ETA ${duration((total - bytes) / rate)}`
      : `${humanBytes(bytes)}  ${humanBytes(rate)}/s`;
    // A fixed width, so the bar does not jitter as the figures change length; none on a narrow terminal.
    const width = columns - label.length - 62 >= 20 ? 20 : 0;
    const bar =
      total && width ? ` [${'#'.repeat(Math.round((bytes / total) * width)).padEnd(width, '-')}]` : '';
    stream.write(`\r\u001b[2K${label}${bar} ${figures}`.slice(0, columns + 6));
    shown = true;
  };
  return {
    update(bytes, total) {
      const t = now();
      if (t - last < 100 && !(total !== undefined && bytes >= total)) return;
      last = t;
      draw(bytes, total, t);
    },
    done() {
      if (shown) stream.write('\r\u001b[2K');
    },
  };
}
