/**
 * The progress of a long listing on a terminal (stderr): pages read, rows, time elapsed. Nothing shows for a
 * listing done within `delayMs` (a second); then one line, redrawn a few times a second and cleared at the
 * end. Rows written to the same terminal go above it: the line is cleared before they are written and
 * drawn again after.
 */
export class ListingProgress {
  private pages = 0;
  private rows = 0;
  private shown = false;
  private paused = false;
  private readonly started: number;
  private readonly timer: ReturnType<typeof setInterval>;

  constructor(
    private readonly stream: NodeJS.WritableStream & { columns?: number },
    private readonly now: () => number = () => performance.now(),
    private readonly delayMs = 1000,
  ) {
    this.started = now();
    this.timer = setInterval(() => this.draw(), 250);
    this.timer.unref?.();
  }

  page(): void {
    this.pages++;
    this.draw();
  }

  row(): void {
    this.rows++;
  }

  /** The text of the line, as it reads now. */
  text(): string {
    const seconds = Math.floor((this.now() - this.started) / 1000);
    const elapsed =
      seconds < 60 ? `${seconds}s` : `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, '0')}s`;
    const pages = `${this.pages.toLocaleString('en-US')} page${this.pages === 1 ? '' : 's'} read`;
    const rows = this.rows ? `, ${this.rows.toLocaleString('en-US')} row${this.rows === 1 ? '' : 's'}` : '';
    return `Listing: ${pages}${rows}, ${elapsed} (Ctrl-C stops)`;
  }

  private draw(): void {
    if (this.paused || this.now() - this.started < this.delayMs) return;
    const columns = this.stream.columns && this.stream.columns > 20 ? this.stream.columns : 80;
    this.stream.write(`\r\u001b[2K${this.text().slice(0, columns - 1)}`);
    this.shown = true;
  }

  /** Clears the line (before rows are written to the same terminal). */
  clear(): void {
    if (this.shown) this.stream.write('\r\u001b[2K');
    this.shown = false;
  }

  /** Draws it again (after rows were written), when it was showing. */
  redraw(): void {
    this.draw();
  }

  /** No more drawing: a pager holds the terminal. */
  pause(): void {
    this.clear();
    this.paused = true;
  }

  /** The listing is over: the line is cleared. */
  stop(): void {
    clearInterval(this.timer);
    this.clear();
    this.paused = true;
  }
}
