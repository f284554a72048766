import { UsageError } from '../../errors.js';

/**
 * Kept for the unconverted `compounds sarif` and `compounds scan`, which still import them; the scans
 * verbs declare `scanId()` and `pattern()` instead. Remove this file once compounds is converted.
 */

/** @deprecated declare `scanId()` from ../parsers.js. */
export function requireScanId(flag: string, value: string | undefined): string {
  if (value === undefined || !/^\d+$/.test(value)) {
    throw new UsageError(`invalid ${flag} ${JSON.stringify(value ?? '')}: expected a scan id (a number)`);
  }
  return value;
}

/** @deprecated declare `pattern(/^\w+=\S+$/, ...)` from ../parsers.js. */
export function requireTag(flag: string, value: string): string {
  if (!/^\w+=\S+$/.test(value)) {
    throw new UsageError(
      `invalid value for ${flag}: ${JSON.stringify(value)} (expected KEY=VALUE, e.g. branch=main)`,
    );
  }
  return value;
}
