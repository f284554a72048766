/**
 * Text from the service or the user never reaches a terminal raw: escape sequences (CSI, OSC, and the rest),
 * control characters (C0, DEL, C1), bidi overrides and invisible characters are removed from what people
 * read (table, tsv, csv, error and notice lines); machine formats keep them, escaped (see escapeJson).
 */
const escapes =
  /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b[P^_X][^\u001b]*(?:\u001b\\)?|\u001b[@-Z\\-_]|\u009b[0-?]*[ -/]*[@-~]|\u009d[^\u0007\u009c]*(?:\u0007|\u009c)/g;
/** Bidi embeddings, overrides, isolates and marks; zero-width characters and the byte-order mark. */
const invisible = /[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;
const controls = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** One line for humans: escapes and invisible characters removed; tabs, newlines and CR become spaces. */
export function sanitize(text: string): string {
  return text
    .replace(escapes, '')
    .replace(/[\t\n\r]+/g, ' ')
    .replace(controls, '')
    .replace(invisible, '');
}

/** Same, but keeps newlines (for multi-line detail text such as descriptions and fixes). */
export function sanitizeMultiline(text: string): string {
  return text
    .replace(escapes, '')
    .replace(/\r\n/g, '\n')
    .replace(/\r/g, ' ')
    .replace(/\t/g, '  ')
    .replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g, '')
    .replace(invisible, '');
}

/** An error or notice line: sanitized, and capped so an 11 MB message is not one 11 MB line. */
export function sanitizeLine(text: string, max = 1000): string {
  const clean = sanitize(text);
  if (clean.length <= max) return clean;
  return `${clean.slice(0, max)}… (${clean.length - max} more characters)`;
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

/**
 * A CSV cell: sanitized (newlines kept inside the quotes), quoted when needed; a leading = + - @ is prefixed
 * with ' so spreadsheets do not run it.
 */
export function csvCell(value: unknown): string {
  let text = sanitizeMultiline(toText(value));
  if (/^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Characters JSON.stringify leaves raw that a terminal would act on or hide: DEL, C1, bidi, zero-width. */
const rawInJson = /[\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2028\u2029\u2060-\u2069\ufeff]/g;

const unicodeEscape = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** JSON text with every such character `\u`-escaped (valid: they can only occur inside strings). */
export function escapeJson(json: string): string {
  return json.replace(rawInJson, unicodeEscape);
}

/**
 * Raw text (a body as received, a stored value) bound for a terminal: JSON keeps its meaning (C1, DEL, bidi
 * and zero-width characters `\u`-escaped), anything else loses its escape sequences and controls.
 */
export function forTerminal(text: string): string {
  return sanitizeMultiline(escapeJson(text));
}

/** Invisible characters a runner skips between the characters of a command. */
const skipped = '[\\p{Default_Ignorable_Code_Point}\\p{Cf}]*';

/**
 * What a CI runner would read as a command, inside JSON strings (see ci-log.ts): a `#` before another (`##[`,
 * `##vso[`, invisible characters between them or not) and the colon of GitLab's `section_start:` and
 * `section_end:`, each written as a `\u` escape. JSON's meaning is the same; a job log sees no command. (A
 * line-initial `::` cannot occur in JSON text: a line starts with blanks and a bracket, a brace or a quote.)
 */
const commandInJson = new RegExp(`#(?=${skipped}#)|(?<=section_(?:start|end)):`, 'gu');
/**
 * What either escape below may change, in one pass: a character escapeJson escapes, a `#` before another
 * `#` or before any character past ASCII (every invisible character a runner skips is one), and the two
 * GitLab markers. Text with none of these is written as JSON.stringify gives it. Most rows hold none; this
 * one scan stands in for the four (a replacement, three searches) each row cost.
 */
const mayEscape =
  /[\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2028\u2029\u2060-\u2069\ufeff]|#[#\u0080-\uffff]|section_(?:start|end):/;
/** Two `#` with nothing or only invisible characters between them: where `commandInJson` may match a `#`. */
const hashes = new RegExp(`#${skipped}#`, 'u');

/**
 * JSON.stringify, then escapeJson, and runner commands `\u`-escaped. The escapes run only on text that
 * holds what they replace (`mayEscape`): their look-behind, tried at every colon, cost a tenth of the CPU of
 * writing `findings list --all -o ndjson`, where most rows hold neither (38,000 findings: 2.43 s, now
 * 2.26 s).
 */
export function safeJson(value: unknown, indent?: number): string {
  const raw = JSON.stringify(value, null, indent);
  if (raw === undefined || !mayEscape.test(raw)) return raw;
  const json = escapeJson(raw);
  const command =
    json.includes('section_start:') ||
    json.includes('section_end:') ||
    (json.includes('#') && hashes.test(json));
  return command ? json.replace(commandInJson, unicodeEscape) : json;
}

/** Characters YAML would print raw (its own escapes cover the C0 controls in double-quoted scalars). */
export const rawInYaml =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2028\u2029\u2060-\u2069\ufeff]/;

/** A value holding what a runner would read as a command, once YAML has folded it over lines. */
const commandInYamlValue = new RegExp(
  `#${skipped}#|(?:^|\\s)${skipped}:${skipped}:|section_(?:start|end):`,
  'u',
);
/**
 * The same in text with escapes of its own (YAML's double-quoted scalars, XML): `#` before `#`, the first
 * colon of a `::` after a blank or at a line's start (where a fold or a line break may put it), the colon of
 * `section_start:` and `section_end:`.
 */
const commandInText = new RegExp(
  `#(?=${skipped}#)|(?<=(?:^|\\s)${skipped}):(?=${skipped}:)|(?<=section_(?:start|end)):`,
  'gmu',
);

/** Text with what a CI runner would read as a command (ci-log.ts) written by `escape`: an entity, a `\u`. */
export function escapeCommands(text: string, escape: (c: string) => string): string {
  return text.replace(commandInText, escape);
}

/**
 * Whether YAML must write a string double-quoted: it holds a character YAML would print raw, or what a CI
 * runner would read as a command; yamlEscapes then escapes those.
 */
export function yamlQuoted(value: string): boolean {
  return rawInYaml.test(value) || commandInYamlValue.test(value);
}

/**
 * YAML text whose risky strings were written double-quoted (yamlQuoted): those characters `\u`-escaped. What
 * a runner would read can then only be inside those scalars (every value holding it is written so).
 */
export function yamlEscapes(text: string): string {
  return escapeCommands(escapeYamlQuoted(text), unicodeEscape);
}

function escapeYamlQuoted(text: string): string {
  return text.replace(new RegExp(rawInYaml.source, 'g'), unicodeEscape);
}
