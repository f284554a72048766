import { appIdPattern, scanRefPattern, uuidPattern } from '@secscan/api/values';
import { UsageError } from '../errors.js';
import { checkTimeZone } from '@secscan/api/time-zone';

declare const parsedType: unique symbol;

/**
 * How a flag's or argument's value is checked and converted, as data: the manifest stores it, so the
 * command tree applies it at parse time without importing the verb. `what` names an argument in errors.
 */
export interface ParserSpec<T = unknown> {
  readonly kind: ParserKind;
  readonly min?: number;
  readonly max?: number;
  readonly what?: string;
  /** `pattern`: the regular expression source and what it expects, for the error. */
  readonly source?: string;
  readonly expected?: string;
  readonly [parsedType]?: T;
}

export type ParserKind =
  | 'text'
  | 'int'
  | 'number'
  | 'duration'
  | 'uuid'
  | 'appId'
  | 'email'
  | 'scanId'
  | 'scanRef'
  | 'keyValue'
  | 'when'
  | 'pattern'
  | 'timeZone';

/** A non-empty string. */
export const nonEmpty = (what?: string): ParserSpec<string> => ({ kind: 'text', what });
/** A whole number from min to max. */
export const int = (min: number, max: number, what?: string): ParserSpec<number> => ({
  kind: 'int',
  min,
  max,
  what,
});
/** A number (decimals allowed) from min to max; without max, any number from min up. */
export const decimal = (min: number, max?: number): ParserSpec<number> =>
  max === undefined ? { kind: 'number', min } : { kind: 'number', min, max };
/** `3600`, `90m`, `12h`, `30d`, `2w`, `1d12h`: seconds, more than zero. */
export const duration = (): ParserSpec<number> => ({ kind: 'duration' });
export const uuid = (what?: string): ParserSpec<string> => ({ kind: 'uuid', what });
export const appId = (what = 'app id'): ParserSpec<string> => ({ kind: 'appId', what });
export const email = (what?: string): ParserSpec<string> => ({ kind: 'email', what });
/** A scan id: a positive whole number, kept as a string. */
export const scanId = (what = 'scan id'): ParserSpec<string> => ({ kind: 'scanId', what });
/** `scan.N` or `tag.KEY=VALUE`. */
export const scanRef = (): ParserSpec<string> => ({ kind: 'scanRef' });
/** `KEY=VALUE`. */
export const keyValue = (): ParserSpec<string> => ({ kind: 'keyValue' });
/** A date (2026-09-01, ISO time), Unix seconds, or an age such as 30d: Unix seconds. */
export const when = (): ParserSpec<number> => ({ kind: 'when' });
/** An IANA time zone name: `Europe/Berlin`, `UTC`, `America/New_York`. */
export const timeZone = (): ParserSpec<string> => ({ kind: 'timeZone' });
/** A string matching a regular expression; `expected` says what it should look like. */
export const pattern = (regex: RegExp, expected: string, what?: string): ParserSpec<string> => ({
  kind: 'pattern',
  source: regex.source,
  expected,
  what,
});

/** Where a value came from, for the error message: a flag (`--limit`) or an argument (`token id`). */
export interface Subject {
  flag?: string;
  what?: string;
}

function invalid(subject: Subject, value: string, expected: string): UsageError {
  if (subject.flag)
    return new UsageError(`invalid value for ${subject.flag}: ${JSON.stringify(value)} (${expected})`);
  return new UsageError(`invalid ${subject.what ?? 'value'} ${JSON.stringify(value)}: ${expected}`);
}

const durationUnits: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400, w: 604_800 };
const emailish = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function parseDurationValue(subject: Subject, value: string): number {
  const text = value.trim().toLowerCase();
  let seconds: number;
  if (/^\d+$/.test(text)) seconds = Number(text);
  else {
    const parts = [...text.matchAll(/(\d+)([smhdw])/g)];
    if (!parts.length || parts.map((p) => p[0]).join('') !== text) {
      throw invalid(subject, value, 'expected a duration such as 3600, 90m, 12h, 30d');
    }
    seconds = parts.reduce((sum, p) => sum + Number(p[1]) * (durationUnits[p[2] as string] ?? 0), 0);
  }
  if (seconds <= 0) throw invalid(subject, value, 'must be more than zero');
  // A token lifetime beyond ten years is a typo, and beyond safe integers it is not a number at all.
  if (!Number.isSafeInteger(seconds) || seconds > 10 * 366 * 86_400) {
    throw invalid(subject, value, 'at most ten years');
  }
  return seconds;
}

export function parseWhenValue(subject: Subject, value: string, now = Date.now()): number {
  const text = value.trim();
  if (/^\d{9,}$/.test(text)) return Number(text);
  if (/^\d{4}-\d{2}-\d{2}/.test(text)) {
    const ms = Date.parse(text);
    if (Number.isNaN(ms)) throw invalid(subject, value, 'not a date');
    return Math.floor(ms / 1000);
  }
  try {
    return Math.floor(now / 1000) - parseDurationValue(subject, text);
  } catch {
    throw invalid(subject, value, 'expected a date such as 2026-09-01, Unix seconds, or an age such as 30d');
  }
}

/** Checks and converts one value; throws a usage error naming the flag or argument. */
export function parseValue(spec: ParserSpec, subject: Subject, value: string): unknown {
  const named = { ...subject, what: subject.what ?? spec.what };
  switch (spec.kind) {
    case 'text':
      if (value.trim() === '')
        throw new UsageError(`${named.flag ?? named.what ?? 'the value'} must not be empty`);
      return value;
    case 'int': {
      const min = spec.min ?? Number.MIN_SAFE_INTEGER;
      const max = spec.max ?? Number.MAX_SAFE_INTEGER;
      if (!/^-?\d+$/.test(value.trim()) || Number(value) < min || Number(value) > max) {
        throw invalid(named, value, `expected a whole number from ${min} to ${max}`);
      }
      return Number(value);
    }
    case 'number': {
      const n = Number(value);
      if (
        value.trim() === '' ||
        !Number.isFinite(n) ||
        n < (spec.min ?? -Infinity) ||
        n > (spec.max ?? Infinity)
      ) {
        const range = spec.max === undefined ? `, ${spec.min} or more` : ` from ${spec.min} to ${spec.max}`;
        throw invalid(named, value, `expected a number${range}`);
      }
      return n;
    }
    case 'duration':
      return parseDurationValue(named, value);
    case 'when':
      return parseWhenValue(named, value);
    case 'uuid':
      if (!uuidPattern.test(value)) throw invalid(named, value, 'expected a UUID');
      return value;
    case 'appId':
      if (!appIdPattern.test(value))
        throw invalid(named, value, 'letters and digits, with _ : . - allowed inside');
      return value;
    case 'email':
      if (!emailish.test(value)) throw invalid(named, value, 'expected an e-mail address');
      return value;
    case 'scanId':
      if (!/^[1-9]\d{0,15}$/.test(value)) throw invalid(named, value, 'expected a scan id (a number)');
      return value;
    case 'scanRef':
      if (!scanRefPattern.test(value)) {
        throw invalid(named, value, 'expected scan.N or tag.KEY=VALUE, e.g. scan.1042 or tag.branch=main');
      }
      return value;
    case 'keyValue':
      if (!/^[^=\s]+=\S*$/.test(value)) throw invalid(named, value, 'expected KEY=VALUE, e.g. branch=main');
      return value;
    case 'pattern':
      if (!new RegExp(spec.source ?? '').test(value)) throw invalid(named, value, spec.expected ?? 'invalid');
      return value;
    case 'timeZone': {
      const zone = checkTimeZone(value);
      if (!zone.ok) {
        throw invalid(
          named,
          value,
          zone.suggestion
            ? `not an IANA time zone name; did you mean ${zone.suggestion}?`
            : 'expected an IANA time zone name such as Europe/Berlin, America/New_York or UTC',
        );
      }
      return value;
    }
  }
}
