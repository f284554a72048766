/** A file's path in a web address: relative to the repository, each segment percent-encoded. */
export { filePath } from '../util/uri-path.js';

/** A positive whole number from text (a variable, a link), or undefined. */
export function positiveNumber(text: string | undefined): number | undefined {
  if (!text || !/^\d{1,12}$/.test(text.trim())) return undefined;
  const n = Number(text.trim());
  return n > 0 ? n : undefined;
}

/** A path segment from the provider's own data (a comment id): percent-encoded, so it cannot change the path. */
export const segment = (value: string) => encodeURIComponent(value);
