/** What a `Range` request gets: the whole file, one range of it, or a 416. `end` is exclusive. */
export type RangeAnswer =
  { kind: 'full' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

/**
 * Reads a single `bytes=` range (RFC 9110 14.2). A range it cannot read, several ranges, or an `If-Range`
 * that is not the current ETag get the whole file, as the RFC allows; a range starting past the end is a 416.
 */
export function readRange(
  range: string | undefined,
  ifRange: string | undefined,
  etag: string,
  size: number,
): RangeAnswer {
  if (range === undefined || (ifRange !== undefined && ifRange.trim() !== etag)) return { kind: 'full' };
  const m = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(range);
  if (!m || (m[1] === '' && m[2] === '')) return { kind: 'full' };
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - suffix), end: size };
  }
  const start = Number(m[1]);
  const last = m[2] === '' ? Number.POSITIVE_INFINITY : Number(m[2]);
  if (last < start) return { kind: 'full' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end: Math.min(last + 1, size) };
}
