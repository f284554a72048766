/**
 * Small charts in text: sparklines and horizontal bars, in Unicode block elements, or in ASCII where the
 * terminal cannot be trusted with them (`TERM=dumb`).
 */

const sparks = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];
const asciiSparks = ['_', '.', '-', '~', '=', '+', '*', '#'];
const eighths = ['', '▏', '▎', '▍', '▌', '▋', '▊', '▉'];

/** One character per value, its height relative to the largest; zero is the lowest mark (or a space). */
export function sparkline(values: readonly number[], ascii = false): string {
  const marks = ascii ? asciiSparks : sparks;
  const max = Math.max(0, ...values);
  return values
    .map((v) => {
      if (max === 0 || v <= 0) return v < 0 || max === 0 ? ' ' : marks[0];
      return marks[Math.min(marks.length - 1, Math.max(0, Math.ceil((v / max) * marks.length) - 1))];
    })
    .join('');
}

/** A bar `width` characters long at `max`, in eighths of a character (ASCII: whole `#`). */
export function bar(value: number, max: number, width: number, ascii = false): string {
  if (max <= 0 || value <= 0 || width <= 0) return '';
  const units = Math.max(1, Math.round((value / max) * width * (ascii ? 1 : 8)));
  if (ascii) return '#'.repeat(Math.min(width, units));
  const full = Math.min(width, Math.floor(units / 8));
  return `${'█'.repeat(full)}${full < width ? (eighths[units % 8] ?? '') : ''}`;
}
