/**
 * Whether `name` is a time zone of the IANA database as Node's ICU knows it: a canonical name
 * (`Europe/Berlin`, `UTC`) or one of its links (`US/Eastern`, `Asia/Calcutta`), spelled with its case.
 * Offsets (`+01:00`) and near misses (`europe/berlin`) are not names; for the latter, the name meant.
 */
export function checkTimeZone(name: string): { ok: true } | { ok: false; suggestion?: string } {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(name)) return { ok: false };
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return { ok: false };
  }
  if (resolved !== name && resolved.toLowerCase() === name.toLowerCase()) {
    return { ok: false, suggestion: resolved };
  }
  const known = Intl.supportedValuesOf('timeZone');
  if (resolved !== name && !known.includes(resolved) && resolved !== 'UTC') return { ok: false };
  return { ok: true };
}
