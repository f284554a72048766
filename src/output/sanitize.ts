const ansi = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b[@-_]/g;
const control = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** Removes ANSI escapes and control characters from text printed for humans; tabs and newlines become spaces. */
export function sanitize(text: string): string {
  return text
    .replace(ansi, '')
    .replace(/[\t\n\r]+/g, ' ')
    .replace(control, '');
}

/** Same, but keeps newlines (for multi-line detail text such as descriptions and fixes). */
export function sanitizeMultiline(text: string): string {
  return text
    .replace(ansi, '')
    .replace(/\r\n?/g, '\n')
    .replace(/\t/g, '  ')
    .replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g, '');
}

export function toText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null))
    return value.join(', ');
  return JSON.stringify(value);
}

/** A CSV cell: quoted when needed; a leading = + - @ is prefixed with ' so spreadsheets do not run it. */
export function csvCell(value: unknown): string {
  let text = toText(value);
  if (/^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
