import { type LineStream, type Part, ProgressLine, elapsed } from '../../streams/progress-line.js';
import { count, eta, perSecondText, RateWindow } from '../../streams/rate.js';

/** The total a page of a list states (`total_count`), when it states one. */
function statedTotal(data: unknown): number | undefined {
  const total = (data as { total_count?: unknown } | null | undefined)?.total_count;
  return typeof total === 'number' && Number.isSafeInteger(total) && total >= 0 ? total : undefined;
}

/**
 * The progress of a long listing on a terminal (stderr): pages read and their rate, rows (of the total
 * when the first page states one, and then the time left), time elapsed. Nothing shows for a listing done
 * within `delayMs` (a second); then one line, redrawn a few times a second and cleared at the end. Rows
 * written to the same terminal go above it: the line is cleared before they are written and drawn again
 * after.
 */
export class ListingProgress {
  private pages = 0;
  private rows = 0;
  private total: number | undefined;
  private readonly pageRate = new RateWindow();
  private readonly rowRate = new RateWindow();
  private readonly line: ProgressLine;

  constructor(stream: LineStream, now: () => number = () => performance.now(), delayMs = 1000) {
    this.line = new ProgressLine(stream, (t) => this.parts(t), now, delayMs);
  }

  /** A page was read: `data` is its answer (the first stating a total gives the listing's). */
  page(data?: unknown): void {
    this.pages++;
    if (this.pages === 1) this.total = statedTotal(data);
    this.line.draw();
  }

  row(): void {
    this.rows++;
  }

  /** The text of the line, as it reads now. */
  text(): string {
    return this.line.text();
  }

  private parts(now: number): Part[] {
    this.pageRate.add(now, this.pages);
    this.rowRate.add(now, this.rows);
    // A total the rows have passed is not this listing's: neither it nor a time left is shown.
    const total = this.total !== undefined && this.rows <= this.total ? this.total : undefined;
    const pages = `${count(this.pages)} page${this.pages === 1 ? '' : 's'} read`;
    const rows =
      total !== undefined
        ? `, ${count(this.rows)} of ${count(total)} row${total === 1 ? '' : 's'}`
        : this.rows
          ? `, ${count(this.rows)} row${this.rows === 1 ? '' : 's'}`
          : '';
    const rate = this.pageRate.perSecond();
    const parts: Part[] = [
      { text: `Listing: ${pages}${rows}`, rank: 9 },
      { text: `${perSecondText(rate).replace('/s', ' pages/s')}`, rank: 2 },
    ];
    if (total !== undefined)
      parts.push({ text: `ETA ${eta(total - this.rows, this.rowRate.perSecond())}`, rank: 4 });
    parts.push({ text: elapsed(this.line.started, now), rank: 3 }, { text: 'Ctrl-C stops', rank: 0 });
    return parts;
  }

  /** Clears the line (before rows are written to the same terminal). */
  clear(): void {
    this.line.clear();
  }

  /** Draws it again (after rows were written), when it was showing. */
  redraw(): void {
    this.line.redraw();
  }

  /** No more drawing: a pager holds the terminal. */
  pause(): void {
    this.line.pause();
  }

  /** The listing is over: the line is cleared. */
  stop(): void {
    this.line.stop();
  }
}
